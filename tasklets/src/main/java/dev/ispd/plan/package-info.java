/**
 * The one predicate model the drive and the host both run: parse, validate, evaluate against a
 * record, and meter what an evaluation costs. The built-in {@code filter} tasklet, the query
 * command's {@code --predicate} and the Hadoop filter mapper all use it.
 */
package dev.ispd.plan;

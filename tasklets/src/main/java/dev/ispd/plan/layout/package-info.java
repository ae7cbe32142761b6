/**
 * Record layouts as people write them: by name, as text ({@link dev.ispd.plan.layout.LayoutDdl}) or
 * as JSON ({@link dev.ispd.plan.layout.LayoutJson}), read into the plan model's
 * {@link dev.ispd.plan.Layout}. One parser for the Spark connector, DeviceJobs and {@code bin/ispd query}.
 */
package dev.ispd.plan.layout;

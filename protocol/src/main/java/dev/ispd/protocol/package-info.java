/**
 * The vocabulary of the ispd object-command protocol in Java, written once for the drive
 * (device-sim) and the Java client (native): opcodes, statuses, object kinds, tasklet forms,
 * execution states, the frame constants and limits, and the extents and parameters commands
 * carry. The layouts of frames and payloads are in docs/protocol.md; {@code ispd.h} is the
 * normative list of the numbers, and a build-time test in the native module checks this package
 * against it in both directions.
 */
package dev.ispd.protocol;

/**
 * The Java client of smart drives: the only road from Java to a drive.
 *
 * <ul>
 *   <li>{@link dev.ispd.client.Drive}: a connection, with a method per protocol command;
 *       {@link dev.ispd.client.TaskletRunner} runs one execution end to end on it.</li>
 *   <li>{@link dev.ispd.client.DriveException}: every non-OK status (a
 *       {@link dev.ispd.protocol.Status}), with the drive's message. The protocol's vocabulary
 *       (statuses, object kinds, tasklet forms, execution states, limits) is the shared
 *       {@code dev.ispd.protocol} package, the same the drive uses.</li>
 *   <li>{@link dev.ispd.client.Binding} / {@link dev.ispd.client.DriveBinding}: the C API of
 *       {@code ispd.h} through JNI ({@code jni.JniBinding}, glue in src/main/c/jni) or JNA
 *       ({@code jna.JnaBinding}); both pass direct buffers to C without copies and share
 *       {@code NativeLayout} for the C structs.</li>
 *   <li>{@link dev.ispd.client.NativeLoader}: extracts libispd from the jar and loads it once for
 *       both bindings.</li>
 *   <li>Records of command results: {@link dev.ispd.client.DeviceInfo},
 *       {@link dev.ispd.client.DeviceLog}, {@link dev.ispd.client.ObjectStat},
 *       {@link dev.ispd.client.ObjectPage}, {@link dev.ispd.client.ExecutionStatus},
 *       {@link dev.ispd.client.TaskletResult}.</li>
 * </ul>
 */
package dev.ispd.client;

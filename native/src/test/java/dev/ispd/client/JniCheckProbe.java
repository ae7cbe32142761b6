package dev.ispd.client;

import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Run by {@link JniCheckTest} in a JVM with {@code -Xcheck:jni}: calls every function of the JNI
 * glue, on success and failure paths, against an embedded drive. Prints "ok" at the end.
 */
public final class JniCheckProbe {
    private JniCheckProbe() {
    }

    public static void main(String[] args) throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1);
             Drive drive = Drive.connect(drives.address(0), Binding.JNI)) {
            drive.deviceInfo();
            drive.deviceLog();
            long id = drive.createObject();
            drive.write(id, 0, ByteBuffer.allocateDirect(8192));
            drive.read(id, 0, ByteBuffer.allocateDirect(4096));
            drive.stat(id);
            drive.list();
            long q1 = drive.createTasklet("q1", Params.of("entrySize", "32"));
            long exec = drive.execute(q1, 0, Params.EMPTY, List.of(new Extent(id, 0, 8192)));
            while (!drive.poll(exec).state().isFinished()) {
                Thread.sleep(1);
            }
            drive.readResult(exec);
            drive.readResult(exec, 0, ByteBuffer.allocateDirect(4));
            drive.cancel(exec);
            drive.release(exec);
            drive.delete(id);
            expectFailure(() -> drive.stat(id));
            expectFailure(() -> drive.createTasklet(TaskletForm.PLAN, "plan", Params.EMPTY, ByteBuffer.allocateDirect(2)));
            expectFailure(() -> Drive.connect("unix:/nonexistent/drive.sock", Binding.JNI));
            // The glue's own check: a heap buffer handed straight to the binding raises IllegalArgumentException.
            try {
                Binding.JNI.get().readObject(0, 1, 0, ByteBuffer.allocate(1), 0, 1);
                throw new AssertionError("a heap buffer passed the JNI glue");
            } catch (IllegalArgumentException expected) {
                // as designed
            }
        }
        System.out.println("ok");
    }

    private interface Command {
        void run() throws DriveException;
    }

    private static void expectFailure(Command c) {
        try {
            c.run();
        } catch (DriveException expected) {
            return;
        }
        throw new AssertionError("command should have failed");
    }
}

package dev.ispd.examples.reproduce;

import dev.ispd.client.Drive;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A built-in tasklet run on a real (simulated) drive through the native client, as a host
 * application would: store the data as an object, create the tasklet, execute and poll it to the
 * end ({@link TaskletRunner}), read the result. The drive reports the modeled time and energy.
 */
final class DriveBench implements AutoCloseable {
    private final Drive drive;

    DriveBench(String address) throws IOException {
        this.drive = Drive.connect(address);
    }

    /** Writes {@code bytes} (a direct buffer, left untouched) as a new object; returns its id. */
    long store(ByteBuffer bytes) throws IOException {
        long id = drive.createObject();
        drive.write(id, 0, bytes.duplicate());
        return id;
    }

    /** Runs the built-in {@code tasklet} over the whole of {@code object} ({@code length} bytes). */
    TaskletResult run(String tasklet, Params params, long object, long length) throws IOException {
        long taskletId = drive.createTasklet(tasklet, params);
        try {
            return new TaskletRunner(drive).run(taskletId, 0, Params.EMPTY, List.of(new Extent(object, 0, length)));
        } finally {
            drive.delete(taskletId);
        }
    }

    void delete(long object) throws IOException {
        drive.delete(object);
    }

    @Override
    public void close() {
        drive.close();
    }
}

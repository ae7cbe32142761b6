package dev.ispd.examples.reproduce;

import dev.ispd.client.TaskletResult;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.MicrobenchFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fig. 6 (kang2013 V-B-2): the {@code microbench} tasklet reads N four-byte ints per 8 KB page
 * and compares each, N = 1, 2, 4 .. 1024, over random data (1 GB in the paper, scaled), once in
 * the drive and once on the host over the same bytes; the device's modeled time is normalized to
 * the host's, and the break-even N is where that ratio crosses 1.
 */
final class Fig6Microbench {
    static final int MAX_ACCESSES = 1024;

    private Fig6Microbench() {
    }

    /** One N: the modeled device and host times and device / host. */
    record Point(int accessesPerPage, long deviceNs, long hostNs, double normalized) {
    }

    /** The curve over {@code bytes} of random data, and the break-even N (null if the curve never crosses 1). */
    record Result(long bytes, List<Point> points, Double breakEvenAccesses) {
    }

    static Result run(Settings settings, DeviceProfile device, DriveBench drive, HostBench host) throws IOException {
        long bytes = settings.scaledBytes(Settings.PAPER_GIGABYTE, device.pageSizeBytes());
        ByteBuffer data = randomData(bytes, settings.seed());
        long object = drive.store(data);
        List<Point> points = new ArrayList<>();
        try {
            for (int n = 1; n <= MAX_ACCESSES; n *= 2) {
                Params params = Params.of(MicrobenchFactory.ACCESSES_PER_PAGE, Integer.toString(n),
                        MicrobenchFactory.KEY, "0");
                TaskletResult onDrive = drive.run(MicrobenchFactory.NAME, params, object, bytes);
                HostBench.Run onHost = host.run(MicrobenchFactory.NAME, params, object, data);
                if (!Arrays.equals(onDrive.result(), onHost.result())) {
                    throw new IllegalStateException("microbench with " + n + " accesses per page: the drive's result "
                            + "differs from the host's over the same bytes");
                }
                long hostNs = onHost.cost().timeNs();
                points.add(new Point(n, onDrive.modeledNs(), hostNs, onDrive.modeledNs() / (double) hostNs));
            }
        } finally {
            drive.delete(object);
        }
        return new Result(bytes, List.copyOf(points), breakEven(points));
    }

    /**
     * Where device / host reaches 1, interpolated linearly in log2(N) between the last point below
     * 1 and the next one; null if no point is below 1 or none at or above it.
     */
    static Double breakEven(List<Point> points) {
        for (int i = 0; i + 1 < points.size(); i++) {
            Point a = points.get(i);
            Point b = points.get(i + 1);
            if (a.normalized() < 1 && b.normalized() >= 1) {
                double la = Math.log(a.accessesPerPage()) / Math.log(2);
                double lb = Math.log(b.accessesPerPage()) / Math.log(2);
                double x = la + (1 - a.normalized()) / (b.normalized() - a.normalized()) * (lb - la);
                return Math.pow(2, x);
            }
        }
        return null;
    }

    /** {@code bytes} of seeded random data in a direct buffer (the drive's write path needs one). */
    private static ByteBuffer randomData(long bytes, long seed) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the microbenchmark holds its data in one buffer, at most 2 GB; got "
                    + bytes + " bytes");
        }
        ByteBuffer data = ByteBuffer.allocateDirect((int) bytes);
        SplittableRandom random = new SplittableRandom(seed);
        while (data.remaining() >= Long.BYTES) {
            data.putLong(random.nextLong());
        }
        return data.flip();
    }
}

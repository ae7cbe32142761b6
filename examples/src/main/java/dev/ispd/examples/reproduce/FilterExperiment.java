package dev.ispd.examples.reproduce;

import dev.ispd.client.TaskletResult;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.plan.FilterMode;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.FilterFactory;
import dev.ispd.tasklet.builtin.FilterResult;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The data filter of kang2013 V-C-4: 32-byte structures (WorldCup98 entries padded to 32 B),
 * one 4-byte field compared per structure, 1 GB in the paper (scaled), 60% selectivity. The
 * {@code filter} tasklet returns the pages that hold a match; in the drive with {@code firstMatch}
 * (stop at a page's first match) and with {@code full} (compare every structure), and on the host.
 *
 * <p>Selectivity is read as the paper's model of the result does (docs/model.md, "Calibration"):
 * the fraction of a page's structures the first-match filter examines. Every page's first match is
 * the structure at 60% of the page; the rest of the page matches too, the structures before it
 * do not. The field is {@code size}: matches hold 0xFFFFFFFF, the others their generated size
 * capped below it.
 */
final class FilterExperiment {
    static final int ENTRY_SIZE = 32;
    static final double SELECTIVITY = 0.6;
    private static final long MATCH = 0xFFFF_FFFFL;

    private FilterExperiment() {
    }

    /**
     * Modeled times of the three runs and the pages they found.
     *
     * @param hostTransferNs the host run's transfer; its comparisons hide under it but for the last batch's
     * @param fasterThanFull 1 - firstMatch / full on the device (paper: 0.40)
     * @param slowerThanHost firstMatch on the device / host - 1 (paper: 0.18)
     */
    record Result(long bytes, long pagesMatched, long deviceFirstMatchNs, long deviceFullNs, long hostNs,
                  long hostTransferNs, double fasterThanFull, double slowerThanHost) {
    }

    static Result run(Settings settings, DeviceProfile device, DriveBench drive, HostBench host) throws IOException {
        int pageSize = device.pageSizeBytes();
        long bytes = settings.scaledBytes(Settings.PAPER_GIGABYTE, pageSize);
        ByteBuffer data = structures(bytes, pageSize, settings.seed());
        long object = drive.store(data);
        try {
            TaskletResult first = drive.run(FilterFactory.NAME, params(FilterMode.FIRST_MATCH), object, bytes);
            TaskletResult full = drive.run(FilterFactory.NAME, params(FilterMode.FULL), object, bytes);
            HostBench.Run onHost = host.run(FilterFactory.NAME, params(FilterMode.FIRST_MATCH), object, data);
            if (!Arrays.equals(first.result(), full.result()) || !Arrays.equals(first.result(), onHost.result())) {
                throw new IllegalStateException("the filter's first-match, full and host runs found different pages");
            }
            long pages = FilterResult.decode(first.result()).pages().size();
            long hostNs = onHost.cost().timeNs();
            return new Result(bytes, pages, first.modeledNs(), full.modeledNs(), hostNs, onHost.cost().transferNs(),
                    1 - first.modeledNs() / (double) full.modeledNs(), first.modeledNs() / (double) hostNs - 1);
        } finally {
            drive.delete(object);
        }
    }

    private static Params params(FilterMode mode) {
        return Params.of(FilterFactory.ENTRY_SIZE, Integer.toString(ENTRY_SIZE), FilterFactory.FIELD, "size",
                FilterFactory.OP, "eq", FilterFactory.VALUE, Long.toString(MATCH), FilterFactory.MODE, mode.word());
    }

    /** Generated 32-byte entries whose size field matches from 60% of each page on. */
    private static ByteBuffer structures(long bytes, int pageSize, long seed) {
        int count = Math.toIntExact(bytes / ENTRY_SIZE);
        ByteBuffer data = ByteBuffer.allocateDirect(count * ENTRY_SIZE);
        WorldCupGenerator.withDefaults(seed, count).fill(data, count, ENTRY_SIZE);
        int perPage = pageSize / ENTRY_SIZE;
        int firstMatch = (int) (perPage * SELECTIVITY);
        for (int i = 0; i < count; i++) {
            int at = i * ENTRY_SIZE + WorldCup98.SIZE_OFFSET;
            long size = Integer.toUnsignedLong(data.getInt(at));
            data.putInt(at, (int) (i % perPage >= firstMatch ? MATCH : Math.min(size, MATCH - 1)));
        }
        return data.flip();
    }
}

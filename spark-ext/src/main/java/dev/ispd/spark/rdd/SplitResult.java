package dev.ispd.spark.rdd;

import dev.ispd.offload.schedule.Placement;
import java.io.Serializable;
import java.util.List;

/**
 * One partition of a {@link TaskletRDD}: the tasklet's results over one planned split, decoded
 * on demand, and where and at what modeled cost it ran.
 *
 * @param partition       the partition's index (the split's, in planning order)
 * @param file            the file the split is part of
 * @param start           the split's first byte in the file
 * @param length          its bytes
 * @param planned         where the scheduler placed it
 * @param ran             where it ran: HOST after a fallback from its drive, or when no whole record lay inside it
 * @param fallback        whether the drive failed or timed out and the host ran it instead
 * @param rawResults      the tasklet's result bytes, one per tasklet run, in order: usually one; a device
 *                        split whose records cross a chunk's end also has the host's run over those records
 * @param bytesRead       the input bytes its runs scanned, in its drive and on the host: over column-blocked
 *                        records only the columns its plan reads, fewer than its length
 * @param driveHost       the host of the split's drive, the partition's preferred location
 * @param executorHost    the host of the executor that ran the partition
 * @param modeledNs       modeled time of its runs, device and host together
 * @param modeledEnergyNj modeled energy of its runs
 * @param decoder         what {@link #results()} decodes the bytes with
 */
public record SplitResult<T>(int partition, String file, long start, long length, Placement planned, Placement ran,
                             boolean fallback, List<byte[]> rawResults, long bytesRead, String driveHost, String executorHost,
                             long modeledNs, long modeledEnergyNj, ResultDecoder<T> decoder) implements Serializable {
    public SplitResult {
        rawResults = List.copyOf(rawResults);
    }

    /**
     * The decoded results, one per tasklet run. Decoded where they are asked for, so that the
     * element travels as bytes: the built-ins' result types are not Serializable.
     */
    public List<T> results() {
        return rawResults.stream().map(decoder::decode).toList();
    }
}

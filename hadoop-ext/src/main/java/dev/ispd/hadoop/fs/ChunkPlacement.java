package dev.ispd.hadoop.fs;

import dev.ispd.hadoop.fs.metadata.Chunk;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a new file's chunks go. Chunk {@code i} of a file created at path {@code p} is first
 * offered to drive {@code (hash(p) + i) mod n}: consecutive chunks of a file go round robin over
 * the drives, and different files start on different drives, so both one large file and many
 * small ones spread. Its further replicas go to the next drives in ring order, drives on a host
 * that holds no replica yet first, so that the replicas of a chunk are on as many hosts as there
 * are. The writer takes the first drives of {@link #candidates} that accept the chunk.
 */
final class ChunkPlacement {
    private ChunkPlacement() {
    }

    /** Every drive, in the order chunk {@code chunkIndex} of {@code path} should be placed on them. */
    static List<Integer> candidates(String path, int chunkIndex, DriveSet drives) {
        int n = drives.size();
        int first = Math.floorMod(path.hashCode() + chunkIndex, n);
        List<Integer> order = new ArrayList<>(n);
        List<Integer> sameHost = new ArrayList<>();
        Set<String> hosts = new HashSet<>();
        for (int k = 0; k < n; k++) {
            int drive = (first + k) % n;
            if (hosts.add(drives.host(drive))) {
                order.add(drive);
            } else {
                sameHost.add(drive);
            }
        }
        order.addAll(sameHost);
        return order;
    }
}

package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The order in which a chunk's replicas are offered to the drives: round robin, other hosts first. */
class ChunkPlacementTest {
    @Test
    void consecutiveChunksStartOnConsecutiveDrivesAndEveryDriveIsACandidateOnce() {
        DriveSet drives = DriveSet.parse("h0=unix:/d0,h1=unix:/d1,h2=unix:/d2");
        int first = ChunkPlacement.candidates("/f", 0, drives).get(0);
        for (int i = 0; i < 6; i++) {
            List<Integer> order = ChunkPlacement.candidates("/f", i, drives);
            assertEquals((first + i) % 3, order.get(0), "chunk " + i);
            assertEquals(Set.of(0, 1, 2), new TreeSet<>(order));
            assertEquals(3, order.size());
        }
    }

    @Test
    void replicasGoToOtherHostsBeforeASecondDriveOfTheSameHost() {
        DriveSet drives = DriveSet.parse("a=unix:/a0,a=unix:/a1,b=unix:/b0,b=unix:/b1,c=unix:/c0");
        for (String path : List.of("/x", "/y/z", "/data/part-00017")) {
            for (int i = 0; i < 10; i++) {
                List<Integer> order = ChunkPlacement.candidates(path, i, drives);
                Set<String> firstThree = new TreeSet<>();
                for (int k = 0; k < 3; k++) {
                    firstThree.add(drives.host(order.get(k)));
                }
                assertEquals(Set.of("a", "b", "c"), firstThree, path + " chunk " + i + ": " + order);
                assertNotEquals(drives.host(order.get(3)), "c", "c has one drive only");
            }
        }
    }
}

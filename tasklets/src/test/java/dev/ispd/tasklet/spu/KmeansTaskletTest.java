package dev.ispd.tasklet.spu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.host.HostRunner;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KmeansTaskletTest {

    @Test
    void iteratingTheTaskletGivesTheCentroidsOfAPlainKMeans() throws Exception {
        int n = 50_000;
        int k = 8;
        Random r = new Random(3);
        int[] xs = IntStream.range(0, n).map(i -> r.nextInt(100_000)).toArray();
        int[] ys = IntStream.range(0, n).map(i -> r.nextInt(100_000)).toArray();
        ByteBuffer points = Points.encode(IntStream.range(0, n).toArray(), xs, ys, new int[n]);
        Centroids start = new Centroids(java.util.Arrays.copyOf(xs, k), java.util.Arrays.copyOf(ys, k));

        Centroids tasklet = start;
        HostRunner.Result last = null;
        for (int iteration = 0; iteration < 5; iteration++) {
            last = SpuRun.run("kmeans", Params.of("centroids", tasklet.param()), points);
            tasklet = KmeansResult.decode(last.bytes()).next(tasklet);
        }

        // host check: Lloyd's iterations over the arrays, nearest centroid by double distance, ties to the lower index
        int[] cx = start.xs().clone();
        int[] cy = start.ys().clone();
        for (int iteration = 0; iteration < 5; iteration++) {
            long[] count = new long[k];
            long[] sx = new long[k];
            long[] sy = new long[k];
            for (int i = 0; i < n; i++) {
                int best = 0;
                for (int c = 1; c < k; c++) {
                    if (Math.hypot(xs[i] - cx[c], ys[i] - cy[c]) < Math.hypot(xs[i] - cx[best], ys[i] - cy[best])) {
                        best = c;
                    }
                }
                count[best]++;
                sx[best] += xs[i];
                sy[best] += ys[i];
            }
            for (int c = 0; c < k; c++) {
                if (count[c] > 0) {
                    cx[c] = (int) Math.floorDiv(sx[c], count[c]);
                    cy[c] = (int) Math.floorDiv(sy[c], count[c]);
                }
            }
        }
        assertArrayEquals(cx, tasklet.xs());
        assertArrayEquals(cy, tasklet.ys());
        assertEquals(n, last.meter().records());
        assertEquals((long) n * (k * 5 + 2), last.meter().arithmetic());
        assertEquals((long) n * k, last.meter().compares());
    }

    @Test
    void centroidsMustBePairs() {
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> new KmeansFactory().validate(Params.of("centroids", "1,2,3")));
        assertEquals("parameter 'centroids' must list x,y pairs, got 3 integers", e.getMessage());
    }
}

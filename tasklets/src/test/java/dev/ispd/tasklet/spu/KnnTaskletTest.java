package dev.ispd.tasklet.spu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.host.HostRunner;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KnnTaskletTest {

    @Test
    void theKNearestAreThoseABruteForceSortFinds() throws Exception {
        int n = 100_000;
        Random r = new Random(11);
        int[] ids = IntStream.range(0, n).toArray();
        int[] xs = IntStream.range(0, n).map(i -> r.nextInt(2_000)).toArray();
        int[] ys = IntStream.range(0, n).map(i -> r.nextInt(2_000)).toArray();
        int[] labels = IntStream.range(0, n).map(i -> r.nextInt(7)).toArray();
        int k = 32;
        HostRunner.Result run = SpuRun.run("knn", Params.of("k", "32", "qx", "1000", "qy", "-5"),
                Points.encode(ids, xs, ys, labels));

        // host check: every distance, sorted by (distance, id)
        List<KnnResult.Neighbour> expected = IntStream.range(0, n)
                .mapToObj(i -> new KnnResult.Neighbour(i, labels[i], sq(xs[i] - 1000L) + sq(ys[i] + 5L)))
                .sorted(Comparator.comparingLong(KnnResult.Neighbour::squaredDistance).thenComparingInt(KnnResult.Neighbour::id))
                .limit(k).toList();
        assertEquals(expected, KnnResult.decode(run.bytes()).neighbours());

        assertEquals(n, run.meter().records());
        assertEquals(5L * n, run.meter().arithmetic());
        assertEquals(0, run.meter().dramAccesses(), "a coprocessor reads its package's buffer, not the DRAM");
        long pages = n * 16L / SpuRun.PAGE + 1;
        assertEquals(k * pages, run.meter().partials(), "k partial elements per page");
    }

    @Test
    void fewerPointsThanKAreAllReturnedNearestFirst() throws Exception {
        int[] ids = {7, 3, 9};
        HostRunner.Result run = SpuRun.run("knn", Params.of("k", "5", "qx", "0", "qy", "0"),
                Points.encode(ids, new int[] {2, 1, 1}, new int[] {0, 0, 0}, new int[] {1, 2, 3}));
        assertEquals(List.of(new KnnResult.Neighbour(3, 2, 1), new KnnResult.Neighbour(9, 3, 1),
                new KnnResult.Neighbour(7, 1, 4)), KnnResult.decode(run.bytes()).neighbours());
    }

    @Test
    void badParametersNameTheKey() {
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> new KnnFactory().validate(Params.of("k", "0", "qx", "1", "qy", "1")));
        assertEquals("parameter 'k' must be in [1, 4096], got 0", e.getMessage());
        assertThrows(BadParameterException.class, () -> new KnnFactory().validate(Params.of("k", "1", "qx", "1")));
    }

    private static long sq(long v) {
        return v * v;
    }

}

package dev.ispd.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RunOrderTest {
    @Test
    void everyRoundRunsEverySourceOnce() {
        for (int n = 1; n <= 7; n++) {
            List<Integer> sources = sources(n);
            for (int round = 1; round <= 3 * RunOrder.period(n); round++) {
                assertEquals(sources, RunOrder.of(sources, round).stream().sorted().toList(), n + " sources, round " + round);
            }
        }
    }

    /** The property the benchmarks rely on: no source runs after another, or in a place, more often. */
    @Test
    void overAPeriodEachSourceTakesEachPlaceAndFollowsEachOtherEquallyOften() {
        for (int n = 1; n <= 7; n++) {
            int[][] places = new int[n][n];
            int[][] follows = new int[n][n + 1]; // index n: what precedes the round (stock job, plain Spark)
            for (int round = 1; round <= RunOrder.period(n); round++) {
                int before = n;
                List<Integer> order = RunOrder.of(sources(n), round);
                for (int k = 0; k < n; k++) {
                    int source = order.get(k);
                    places[source][k]++;
                    follows[source][before]++;
                    before = source;
                }
            }
            int perPlace = RunOrder.period(n) / n;
            for (int s = 0; s < n; s++) {
                for (int k = 0; k < n; k++) {
                    assertEquals(perPlace, places[s][k], n + " sources: source " + s + " in place " + k);
                }
                for (int q = 0; q <= n; q++) {
                    assertEquals(s == q ? 0 : perPlace, follows[s][q], n + " sources: source " + s + " after " + q);
                }
            }
        }
    }

    /** Four TPC-H sources: the rotation this replaced put source 1 last in every other round and 0 never. */
    @Test
    void fourSourcesFollowTheWilliamsSquare() {
        List<Integer> four = sources(4);
        assertEquals(List.of(0, 1, 3, 2), RunOrder.of(four, 1));
        assertEquals(List.of(1, 2, 0, 3), RunOrder.of(four, 2));
        assertEquals(List.of(2, 3, 1, 0), RunOrder.of(four, 3));
        assertEquals(List.of(3, 0, 2, 1), RunOrder.of(four, 4));
        assertEquals(List.of(0, 1, 3, 2), RunOrder.of(four, 5));
    }

    /** Three policies after the stock job: within three rounds each runs first once. */
    @Test
    void threeSourcesEachRunFirstOnceInThreeRounds() {
        List<Integer> three = sources(3);
        assertEquals(List.of(0, 1, 2), RunOrder.of(three, 1));
        assertEquals(List.of(1, 2, 0), RunOrder.of(three, 2));
        assertEquals(List.of(2, 0, 1), RunOrder.of(three, 3));
        assertEquals(List.of(2, 1, 0), RunOrder.of(three, 4));
    }

    private static List<Integer> sources(int n) {
        return IntStream.range(0, n).boxed().toList();
    }
}

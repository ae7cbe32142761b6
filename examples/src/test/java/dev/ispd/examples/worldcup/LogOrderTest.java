package dev.ispd.examples.worldcup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LogOrderTest {
    @Test
    void publishedNamesGoByDayThenSubIntervalNumerically() {
        assertEquals(List.of("logs/wc_day5_2.gz", "logs/wc_day9_1", "logs/wc_day10_1.gz", "logs/wc_day10_2.gz",
                        "logs/wc_day10_10.gz"),
                LogOrder.of(List.of("logs/wc_day10_1.gz", "logs/wc_day10_10.gz", "logs/wc_day10_2.gz",
                        "logs/wc_day5_2.gz", "logs/wc_day9_1")));
    }

    @Test
    void anyOtherNameKeepsTheOrderGiven() {
        List<String> mixed = List.of("wc_day10_1.gz", "extra.gz", "wc_day5_1.gz");
        assertEquals(mixed, LogOrder.of(mixed));
        List<String> withStdin = List.of("wc_day10_1.gz", "-", "wc_day5_1.gz");
        assertEquals(withStdin, LogOrder.of(withStdin));
    }
}

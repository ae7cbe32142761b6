package dev.ispd.examples.reproduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The claims of part 6 at the paper's size (7,000,000 entries per dataset, 1 GB for the
 * microbenchmark and the filter), as {@code bin/ispd reproduce --full} runs it: about two
 * minutes and several GB of drive files, so only with {@code mvn -B verify -Pslow}.
 */
@Tag("slow")
class ReproduceFullScaleTest {
    private static final List<String> MUST_HOLD = List.of("microbench-break-even", "q1-256-device-2-3x",
            "q1-32-host-optimized-wins", "q2-gap-narrower", "energy-saved-over-half", "device-adds-under-1w",
            "host-adds-35w");

    @Test
    void thePapersClaimsHoldAtFullSize() throws Exception {
        System.setProperty("java.awt.headless", "true");
        Reproduction full = new Reproducer().run(
                new Settings(Settings.PAPER_ENTRIES, 1998, "smartssd-2013", "host-i5-2500"), step -> { });
        for (String key : MUST_HOLD) {
            Claim c = full.claim(key);
            assertTrue(c.holds(), key + ": " + c);
        }
    }
}

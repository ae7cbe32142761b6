package dev.ispd.examples.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.Q1Factory;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * For Q1 at 256 B (7,000,000 entries, 27 splits of 64 MiB) the offload scheduler plans the job on
 * the host and in the drives; its modeled makespan and the planner's time for the same drives and
 * cores agree within 10%, or the comparison names what the two price differently.
 */
class SchedulerAgreementTest {
    private static List<SchedulerAgreement.Case> cases;

    @BeforeAll
    static void compare() {
        DeviceProfile device = Profiles.device("smartssd-2013");
        HostProfile host = Profiles.host("host-i5-2500");
        long bytes = 7_000_000L * 256;
        Workload w = new Workload("q1", bytes,
                new Q1Factory().estimate(Params.of(Q1Factory.ENTRY_SIZE, "256"), bytes, device.pageSizeBytes()));
        cases = SchedulerAgreement.compare(device, host, w, ProfileInputs.plan(device, host, w),
                SchedulerAgreement.DEFAULT_SPLIT_BYTES, List.of(1, 2, 4, 8), List.of(1, 2, 4, 8));
    }

    @Test
    void everyCaseAgreesWithin10PercentOrSaysWhatIsPricedDifferently() {
        assertEquals(4 * 4 + 4, cases.size());
        for (SchedulerAgreement.Case c : cases) {
            assertEquals(27, c.splits());
            assertEquals(Math.abs(c.plannerS() / c.schedulerS() - 1) <= 0.10, c.within(), c.toString());
            assertTrue(c.within() || !c.pricedDifferently().isEmpty(), c.toString());
        }
    }

    @Test
    void aHostWithASlotPerDriveAndTheDrivesUpToFourAgree() {
        for (int n : List.of(1, 2, 4)) {
            assertTrue(find("host", n, n).within(), find("host", n, n).toString());
            assertTrue(find("device", n, 0).within(), find("device", n, 0).toString());
        }
    }

    @Test
    void fewerSlotsThanDrivesIsNamedAsTheDifference() {
        SchedulerAgreement.Case c = find("host", 4, 1);
        assertFalse(c.within());
        assertTrue(c.schedulerS() > 3 * c.plannerS(), c.toString());
        assertTrue(c.pricedDifferently().get(0).startsWith("a host split holds its slot"), c.toString());
        SchedulerAgreement.Case bus = find("host", 8, 4);
        assertTrue(bus.pricedDifferently().stream().anyMatch(s -> s.startsWith("the scheduler has no shared bus")),
                bus.toString());
    }

    @Test
    void unevenSplitsOverEightDrivesAreNamed() {
        SchedulerAgreement.Case c = find("device", 8, 0);
        assertFalse(c.within(), c.toString());
        assertTrue(c.pricedDifferently().stream().anyMatch(s -> s.contains("the busiest drive runs 4 of them")),
                c.toString());
    }

    private static SchedulerAgreement.Case find(String placement, int drives, int cores) {
        return cases.stream().filter(c -> c.placement().equals(placement) && c.drives() == drives && c.cores() == cores)
                .findFirst().orElseThrow();
    }
}

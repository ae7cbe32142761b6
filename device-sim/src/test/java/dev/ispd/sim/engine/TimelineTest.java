package dev.ispd.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TimelineTest {

    @Test
    void bookingsGoToTheFirstGapLongEnough() {
        Timeline t = new Timeline();
        assertEquals(0, t.book(0, 100));
        assertEquals(300, t.book(300, 100));
        assertEquals(100, t.book(0, 150), "fits the 200 ns gap");
        assertEquals(400, t.book(0, 100), "the 50 ns gap left is too short");
        assertEquals(250, t.book(0, 50));
        assertEquals(500, t.firstFit(0, 1));
        assertEquals(500, t.busyNs());
    }

    @Test
    void anEarliestInsideABookingStartsAtItsEnd() {
        Timeline t = new Timeline();
        t.book(100, 100);
        assertEquals(200, t.firstFit(150, 10));
        assertEquals(50, t.firstFit(50, 50));
        assertEquals(200, t.firstFit(50, 51));
    }

    @Test
    void zeroDurationNeverWaits() {
        Timeline t = new Timeline();
        t.book(0, 1_000);
        assertEquals(10, t.firstFit(10, 0));
        t.reserve(10, 0);
        assertEquals(1_000, t.busyNs());
    }

    @Test
    void overlappingReservationIsRefused() {
        Timeline t = new Timeline();
        t.reserve(100, 100);
        assertThrows(IllegalStateException.class, () -> t.reserve(150, 10));
        assertThrows(IllegalStateException.class, () -> t.reserve(50, 51));
        assertThrows(IllegalStateException.class, () -> t.reserve(100, 1));
        t.reserve(200, 10);
        t.reserve(90, 10);
        assertThrows(IllegalArgumentException.class, () -> t.reserve(0, -1));
    }

    @Test
    void severalUnitsAreBookedAtOneCommonStart() {
        Timeline a = new Timeline();
        Timeline b = new Timeline();
        a.book(0, 100);
        b.book(150, 100);
        b.book(400, 100);
        // a is free from 100, b has a gap 250-400: 120 ns fits there for both
        assertEquals(250, Timeline.bookTogether(0, new Timeline[] {a, b}, new long[] {120, 120}));
        assertEquals(500, Timeline.bookTogether(0, new Timeline[] {a, b}, new long[] {10, 200}));
        assertEquals(100, a.firstFit(0, 150));
    }

    @Test
    void historyIsBoundedAndOldGapsCountAsBusy() {
        Timeline t = new Timeline();
        int n = Timeline.MAX_INTERVALS + 10;
        for (int i = 0; i < n; i++) {
            t.book(i * 10L, 5);
        }
        assertEquals(n * 5L, t.busyNs());
        // the ten oldest intervals were folded away with the gaps between them: without the fold a
        // booking at 0 would fit at 5; now the first usable gap starts at the floor, the end of the tenth
        assertEquals(9 * 10L + 5, t.firstFit(0, 5));
        assertEquals((n - 1) * 10L + 5, t.firstFit((n - 1) * 10L, 5));
    }

    @Test
    void bookingsFromTheBackKeepTheirOrderAsTheRingGrows() {
        Timeline t = new Timeline();
        int n = 100; // each booking goes in front of the others, moving the ring's head, through several growths
        for (int i = n - 1; i >= 0; i--) {
            t.book(i * 10L, 5);
        }
        for (int i = 0; i < n; i++) {
            assertEquals(i * 10L + 5, t.firstFit(i * 10L, 5), "the gap after booking " + i);
        }
        assertEquals((n - 1) * 10L + 5, t.firstFit(0, 6), "no gap between them is 6 long");
    }

    @Test
    void forgettingThePastChangesNoLaterBooking() {
        Timeline whole = new Timeline();
        Timeline forgetting = new Timeline();
        Random random = new Random(7);
        long from = 0;
        for (int i = 0; i < 3 * Timeline.MAX_INTERVALS; i++) {
            // bookings scattered ahead of a lower bound that moves on, leaving gaps later ones fill
            long earliest = from + random.nextInt(2_000);
            long duration = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(300);
            assertEquals(whole.book(earliest, duration), forgetting.book(earliest, duration), "booking " + i);
            from += random.nextInt(150);
            forgetting.forgetBefore(from);
        }
        assertEquals(whole.busyNs(), forgetting.busyNs());
        assertEquals(whole.firstFit(from, 1), forgetting.firstFit(from, 1));
    }

    @Test
    void beforeWhatWasForgottenTheUnitCountsAsBusy() {
        Timeline t = new Timeline();
        t.book(0, 10);
        t.book(100, 10);
        t.forgetBefore(50);
        assertEquals(50, t.firstFit(0, 5), "the gap 10-50 is gone");
        assertEquals(110, t.firstFit(0, 51), "the gap 50-100 is too short");
        assertThrows(IllegalStateException.class, () -> t.reserve(40, 5));
        assertEquals(20, t.busyNs());
    }
}

package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuerySpecTest {
    @Test
    void factoriesFillWhatAQueryDoesNotUseWithNothing() {
        assertEquals(new QuerySpec(Query.Q1, 64, 0, ""), QuerySpec.q1(64));
        assertEquals(new QuerySpec(Query.Q2, 64, 5, ""), QuerySpec.q2(64, 5));
        assertEquals("filter 'type eq 0 full' @20 B", QuerySpec.filter(20, " type eq 0 full ").toString());
    }

    @Test
    void refusesWhatTheQueryCannotTake() {
        assertTrue(message(() -> QuerySpec.q1(100)).contains("100"));
        assertTrue(message(() -> QuerySpec.q2(20, 0)).contains("[1, 256]"));
        assertTrue(message(() -> new QuerySpec(Query.Q1, 20, 3, "")).contains("no top N"));
        assertTrue(message(() -> new QuerySpec(Query.Q2, 20, 3, "type eq 0")).contains("no filter predicate"));
        assertTrue(message(() -> QuerySpec.filter(20, "")).contains("field op value"));
    }

    private static String message(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }
}

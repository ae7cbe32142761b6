package dev.ispd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Code lookup and the statuses' properties; the numbers themselves are checked against ispd.h in native. */
class WireCodeTest {
    @Test
    void everyCodeLooksUpItsConstantAndUndefinedCodesNone() {
        for (Opcode o : Opcode.values()) {
            assertSame(o, Opcode.ofCode(o.code()));
        }
        for (Status s : Status.values()) {
            assertSame(s, Status.ofCode(s.code()));
        }
        for (ObjectKind k : ObjectKind.values()) {
            assertSame(k, ObjectKind.ofCode(k.code()));
        }
        for (TaskletForm f : TaskletForm.values()) {
            assertSame(f, TaskletForm.ofCode(f.code()));
        }
        for (ExecutionState s : ExecutionState.values()) {
            assertSame(s, ExecutionState.ofCode(s.code()));
        }
        assertNull(Opcode.ofCode(0x26));
        assertNull(Status.ofCode(1000));
        assertNull(ObjectKind.ofCode(0));
        assertNull(TaskletForm.ofCode(4));
        assertNull(ExecutionState.ofCode(5));
    }

    @Test
    void statusNamesAreThoseOfTheCLibrary() {
        assertEquals("LIMIT_EXCEEDED", Status.nameOf(22));
        assertEquals("BUFFER_TOO_SMALL", Status.nameOf(1006));
        assertEquals("TIMEOUT", Status.nameOf(1007));
        assertEquals("FORBIDDEN", Status.nameOf(23));
        assertEquals("UNKNOWN", Status.nameOf(999));
    }

    @Test
    void onlyFramingErrorsEndTheConnectionAndOnlyCodesFrom1000AreTheClients() {
        EnumSet<Status> ending = EnumSet.noneOf(Status.class);
        for (Status s : Status.values()) {
            if (s.endsConnection()) {
                ending.add(s);
            }
            assertEquals(s.code() >= 1000, s.isClientSide(), s.name());
        }
        assertEquals(EnumSet.of(Status.BAD_MAGIC, Status.BAD_VERSION, Status.BAD_FLAGS, Status.PAYLOAD_TOO_LARGE),
                ending);
    }

    @Test
    void finishedStatesAreDoneFailedAndCancelled() {
        assertEquals(List.of(ExecutionState.DONE, ExecutionState.FAILED, ExecutionState.CANCELLED),
                List.of(ExecutionState.values()).stream().filter(ExecutionState::isFinished).toList());
    }

    @Test
    void wellKnownIdsAreTheTop65536ComparedUnsigned() {
        assertTrue(ReservedValues.isWellKnownId(ReservedValues.WELL_KNOWN_ID_FIRST));
        assertTrue(ReservedValues.isWellKnownId(-1L));
        assertFalse(ReservedValues.isWellKnownId(ReservedValues.WELL_KNOWN_ID_FIRST - 1));
        assertFalse(ReservedValues.isWellKnownId(1));
        assertFalse(ReservedValues.isWellKnownId(Long.MAX_VALUE));
    }
}

package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tasklet spec of each form survives Java serialization whole, and its factory still builds on the other side. */
class TaskletSpecTest {

    @Test
    void aBuiltInTravelsWithItsParameters() throws Exception {
        TaskletSpec q1 = new TaskletSpec("q1", Params.of("entrySize", "256"), "TaskletSpecTest");
        TaskletSpec back = roundTrip(q1);
        assertSameSpec(q1, back);
        assertEquals(256, back.recordSize(4096));
    }

    @Test
    void theMeasuredBasisTellsPlansOfOneNameApartByTheirEncoding() {
        TaskletSpec typeOne = TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(32), Predicate.eq("type", 1),
                List.of("region"), List.of(Aggregate.countStar())), "TaskletSpecTest");
        TaskletSpec typeTwo = TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(32), Predicate.eq("type", 2),
                List.of("region"), List.of(Aggregate.countStar())), "TaskletSpecTest");
        assertTrue(typeOne.shape().matches("scan/[0-9a-f]{12}"), typeOne.shape());
        assertNotEquals(typeOne.shape(), typeTwo.shape());
        assertEquals(typeOne.shape(), TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(32),
                Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar())), "other").shape());
        assertEquals("q1", new TaskletSpec("q1", Params.of("entrySize", "256"), "TaskletSpecTest").shape());
    }

    @Test
    void aPlanTravelsWithItsEncoding() throws Exception {
        TaskletSpec plan = TaskletSpec.plan("count-by-region", Plan.aggregate(Layout.worldCup98(32),
                Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar())), "TaskletSpecTest");
        TaskletSpec back = roundTrip(plan);
        assertSameSpec(plan, back);
        assertEquals(32, back.recordSize(4096));
    }

    @Test
    void aModuleTravelsWithItsBytes() throws Exception {
        ModuleBinary q1c = new ModuleBinary("q1c", 1, Files.readAllBytes(Path.of("..", "wasm", "examples", "q1.wasm")));
        TaskletSpec module = TaskletSpec.ofModule(q1c, Params.of("entrySize", "20"), "TaskletSpecTest");
        TaskletSpec back = roundTrip(module);
        assertSameSpec(module, back);
        assertEquals(q1c.sha256(), back.module().sha256());
        assertEquals(20, back.recordSize(4096));
    }

    private static void assertSameSpec(TaskletSpec expected, TaskletSpec actual) {
        assertEquals(expected.form(), actual.form());
        assertEquals(expected.name(), actual.name());
        assertEquals(expected.params(), actual.params());
        assertArrayEquals(expected.body(), actual.body());
        assertEquals(expected.owner(), actual.owner());
        assertEquals(expected.module(), actual.module());
        assertEquals(expected.form() == TaskletForm.MODULE, actual.module() != null);
    }

    private static TaskletSpec roundTrip(TaskletSpec spec) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(spec);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (TaskletSpec) in.readObject();
        }
    }
}

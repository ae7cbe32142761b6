package dev.ispd.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Binding;
import dev.ispd.client.Drive;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Same code on host and drive: every built-in, and plans of every shape, run by a real drive
 * through the native library (JNI and JNA) and by the host over the same bytes, give
 * byte-identical output; the host run is priced by the host profile.
 */
class HostDriveEquivalenceTest {
    private static final DeviceProfile PROFILE = Profiles.device("smartssd-2013");
    private static final int[] ENTRY_SIZES = {20, 32, 64, 128, 256};
    private static final int ENTRIES = 30_000;

    private static EmbeddedDrives drives;
    /** Object id on the drive per entry size, and the same bytes on the host side. */
    private static final Map<Integer, Long> objectOf = new HashMap<>();
    private static final Map<Long, ByteBuffer> hostCopy = new HashMap<>();

    @BeforeAll
    static void load() throws Exception {
        drives = EmbeddedDrives.builder().profile(PROFILE.name()).start();
        try (Drive drive = Drive.connect(drives.address(0))) {
            for (int entrySize : ENTRY_SIZES) {
                ByteBuffer bytes = ByteBuffer.allocateDirect(ENTRIES * entrySize);
                WorldCupGenerator.withDefaults(entrySize, ENTRIES).fill(bytes, ENTRIES, entrySize);
                bytes.flip();
                long id = drive.createObject();
                drive.write(id, 0, bytes.duplicate());
                objectOf.put(entrySize, id);
                hostCopy.put(id, bytes);
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        drives.close();
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Binding binding : Binding.values()) {
            cases.add(Arguments.of(binding, "noop", Params.EMPTY, 20));
            for (String accesses : new String[] {"1", "128", "2048"}) {
                cases.add(Arguments.of(binding, "microbench", Params.of("accessesPerPage", accesses, "key", "0"), 32));
            }
            for (int entrySize : ENTRY_SIZES) {
                String es = Integer.toString(entrySize);
                cases.add(Arguments.of(binding, "q1", Params.of("entrySize", es), entrySize));
                cases.add(Arguments.of(binding, "q2", Params.of("entrySize", es, "topN", "3"), entrySize));
                cases.add(Arguments.of(binding, "filter",
                        Params.of("entrySize", es, "field", "type", "op", "eq", "value", "0"), entrySize));
                cases.add(Arguments.of(binding, "filter",
                        Params.of("entrySize", es, "field", "size", "op", "gt", "value", "20000", "mode", "full"), entrySize));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void driveAndHostGiveIdenticalBytes(Binding binding, String tasklet, Params params, int entrySize) throws Exception {
        long object = objectOf.get(entrySize);
        List<Extent> extents = extentsOf(object, entrySize);
        byte[] onDrive;
        try (Drive drive = Drive.connect(drives.address(0), binding)) {
            long taskletId = drive.createTasklet(tasklet, params);
            TaskletResult r = new TaskletRunner(drive).run(taskletId, 0, Params.EMPTY, extents);
            drive.delete(taskletId);
            onDrive = r.result();
            assertTrue(r.modeledNs() > 0 && r.modeledEnergyNj() > 0, "the drive models its work");
        }

        HostRunner host = new HostRunner(PROFILE.pageSizeBytes(), PROFILE.pagesPerBatch());
        HostRunner.Result onHost = host.run(tasklet, params, Params.EMPTY, extents,
                new InMemoryPageSource(hostCopy));
        assertArrayEquals(onDrive, onHost.bytes(), tasklet + " " + params + " differs between drive and host");
        assertTrue(tasklet.equals("noop") || onDrive.length > 8, "a result worth comparing: " + onDrive.length + " bytes");

        long bytes = extents.stream().mapToLong(Extent::length).sum();
        HostCost cost = new HostModel(Profiles.host("host-i5-2500")).price(PROFILE.link(), onHost.meter(), bytes);
        assertTrue(cost.timeNs() > 0 && cost.energyNj() > cost.idleEnergyNj(), "the host profile prices the host run");
    }

    static Stream<Arguments> plans() {
        List<Arguments> cases = new ArrayList<>();
        for (Binding binding : Binding.values()) {
            for (int entrySize : ENTRY_SIZES) {
                Layout wc = Layout.worldCup98(entrySize);
                cases.add(Arguments.of(binding, Plan.aggregate(wc, null, List.of("region"),
                        List.of(Aggregate.countStar()))));
                cases.add(Arguments.of(binding, Plan.aggregate(wc, Predicate.not(Predicate.eq("method", 0)),
                        List.of("region", "type"), List.of(Aggregate.countStar(), Aggregate.sum("size"),
                                Aggregate.min("timestamp"), Aggregate.max("size")))));
                cases.add(Arguments.of(binding, Plan.rows(wc, Predicate.and(Predicate.in("type", 0, 1, 4),
                        Predicate.compare("size", CompareOp.GT, 20_000)), List.of("timestamp", "clientID", "size"))
                        .top(25, "size", true)));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("plans")
    void plansGiveIdenticalBytesInTheDriveAndOnTheHost(Binding binding, Plan plan) throws Exception {
        int entrySize = plan.layout().recordSize();
        List<Extent> extents = extentsOf(objectOf.get(entrySize), entrySize);
        byte[] encoded = PlanCodec.encode(plan);
        byte[] onDrive;
        try (Drive drive = Drive.connect(drives.address(0), binding)) {
            ByteBuffer body = ByteBuffer.allocateDirect(encoded.length).put(encoded).flip();
            long taskletId = drive.createTasklet(TaskletForm.PLAN, "plan", Params.EMPTY, body);
            onDrive = new TaskletRunner(drive).run(taskletId, 0, Params.EMPTY, extents).result();
            drive.delete(taskletId);
        }
        HostRunner host = new HostRunner(PROFILE.pageSizeBytes(), PROFILE.pagesPerBatch());
        byte[] onHost = host.run(new PlanTasklet(PlanCodec.decode(encoded), PlanLimits.HOST), extents,
                new InMemoryPageSource(hostCopy)).bytes();
        assertArrayEquals(onDrive, onHost, plan + " differs between drive and host");
        assertTrue(onDrive.length > 10, "a result worth comparing: " + onDrive.length + " bytes");
    }

    /** Three splits of whole entries, the first starting mid-object, with uneven lengths. */
    private static List<Extent> extentsOf(long object, int entrySize) {
        long third = ENTRIES / 3;
        return List.of(
                new Extent(object, 7L * entrySize, (third - 7) * entrySize),
                new Extent(object, third * entrySize, (third + 11) * entrySize),
                new Extent(object, (2 * third + 11) * entrySize, (ENTRIES - 2 * third - 11) * entrySize));
    }
}

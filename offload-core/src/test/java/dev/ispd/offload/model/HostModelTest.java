package dev.ispd.offload.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import dev.ispd.profile.Profiles;
import dev.ispd.tasklet.Meter;
import org.junit.jupiter.api.Test;

class HostModelTest {
    private final HostModel model = new HostModel(Profiles.host("host-i5-2500"));
    private final LinkSpec sata = Profiles.device("smartssd-2013").link();

    @Test
    void transferRunsAtTheHostsEffectiveReadRatePlusOneCommand() {
        long bytes = 1L << 30;
        HostCost c = model.price(sata, new Meter(), bytes);
        assertEquals(249_900_000L, model.effectiveReadBytesPerSec(sata));
        long wire = 215_000 + (bytes * 1_000_000_000L + 249_900_000L - 1) / 249_900_000L;
        assertEquals(wire, c.transferNs());
        assertEquals(0, c.computeNs());
        assertEquals(c.transferNs(), c.timeNs());
    }

    @Test
    void computeIsCyclesAtTheClockOnOneCore() {
        Meter m = new Meter();
        m.addRecords(1_000);
        m.addDramAccesses(1_000);
        m.addHashUpdates(1_000);
        m.addCompares(10);
        m.addBytesOut(5);
        m.addInstructions(7_000);
        m.addArithmetic(4_000);
        m.addPartials(900);
        HostCost c = model.price(sata, m, 0);
        // one core merges nothing: partial results cost the host no cycles
        long cycles = 1_000 * (100 + 3 + 60) + 10 + 10 + 7_000 + 4_000;
        assertEquals((cycles * 1_000_000_000L + 3_300_000_000L - 1) / 3_300_000_000L, c.computeNs());
        assertEquals(0, c.transferNs());
        assertEquals(c.computeNs(), c.cpuNs());
    }

    @Test
    void theInterpretersOwnUnitsArePricedByAProfileThatGivesThemAndFreeInThePapersHost() throws Exception {
        Meter m = new Meter();
        m.addRecords(1_000);
        m.addEvaluations(3_000);
        m.addWideOps(500);
        m.addStringOps(200);
        m.addStringBytes(2_500);
        m.addStringLeafCompares(300);
        m.addDecodedValues(2_000);
        m.addRecordsOneAtATime(1_000);
        m.addRowsOneAtATime(400);
        m.addDictionaryIds(1_500);
        m.addByteArrayValues(250);
        m.addDefinitionLevels(700);
        m.addSnappyBytes(9_000);
        m.addGzipBytes(8_000);
        m.addZstdBytes(7_000);
        m.addPackedKeys(900);
        Meter builtinUnitsOnly = new Meter();
        builtinUnitsOnly.addRecords(1_000);
        assertEquals(model.price(sata, builtinUnitsOnly, 0), model.price(sata, m, 0),
                "host-i5-2500 prices the interpreter's units at 0: its modeled figures stay the paper's");
        String yaml = new String(getClass().getResourceAsStream("/profiles/host/host-i5-2500.yaml").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8)
                .replace("cyclesPerEvaluation: {value: 0", "cyclesPerEvaluation: {value: 33")
                .replace("cyclesPerWideOp: {value: 0", "cyclesPerWideOp: {value: 330")
                .replace("cyclesPerStringOp: {value: 0", "cyclesPerStringOp: {value: 120")
                .replace("cyclesPerStringByte: {value: 0", "cyclesPerStringByte: {value: 2")
                .replace("cyclesPerStringLeafCompare: {value: 0", "cyclesPerStringLeafCompare: {value: 50")
                .replace("cyclesPerDecodedValue: {value: 0", "cyclesPerDecodedValue: {value: 66")
                .replace("cyclesPerRecordOneAtATime: {value: 0", "cyclesPerRecordOneAtATime: {value: 12")
                .replace("cyclesPerRowOneAtATime: {value: 0", "cyclesPerRowOneAtATime: {value: 70")
                .replace("cyclesPerDictionaryId: {value: 0", "cyclesPerDictionaryId: {value: 9")
                .replace("cyclesPerByteArrayValue: {value: 0", "cyclesPerByteArrayValue: {value: 400")
                .replace("cyclesPerDefinitionLevel: {value: 0", "cyclesPerDefinitionLevel: {value: 8")
                .replace("cyclesPerSnappyByte: {value: 0", "cyclesPerSnappyByte: {value: 3")
                .replace("cyclesPerGzipByte: {value: 0", "cyclesPerGzipByte: {value: 40")
                .replace("cyclesPerZstdByte: {value: 0", "cyclesPerZstdByte: {value: 6")
                .replace("cyclesPerPackedKey: {value: 0", "cyclesPerPackedKey: {value: 13");
        HostModel priced = new HostModel(Profiles.readHost("priced", new java.io.ByteArrayInputStream(
                yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        long cycles = 1_000 * 100 + 3_000 * 33 + 500 * 330 + 200 * 120 + 2_500 * 2 + 300 * 50 + 2_000 * 66 + 1_000 * 12 + 400 * 70
                + 1_500 * 9 + 250 * 400 + 700 * 8 + 9_000 * 3 + 8_000 * 40 + 7_000 * 6 + 900 * 13;
        assertEquals((cycles * 1_000_000_000L + 3_300_000_000L - 1) / 3_300_000_000L,
                priced.price(sata, m, 0).computeNs());
    }

    @Test
    void streamingHidesTheSmallerStreamButOneBatchOfIt() {
        long pages = 131_072;
        long bytes = pages * 8192;
        long batch = 128 * 8192;
        Meter work = microbench(pages, 256);
        HostCost serial = model.price(sata, work, bytes);
        HostCost streamed = model.priceStreaming(sata, work, bytes, batch);
        assertEquals(serial.transferNs(), streamed.transferNs());
        assertEquals(serial.cpuNs(), streamed.cpuNs(), "the CPU does the same work");
        assertTrue(serial.computeNs() > serial.transferNs() / 200, "the compute is not negligible: " + serial);
        // transfer-bound: the compute shows for one batch of 1,024
        assertEquals(serial.transferNs() + (serial.computeNs() + 1023) / 1024, streamed.timeNs());
        assertEquals(streamed.transferNs() + streamed.computeNs(), streamed.timeNs());
        // compute-bound: the transfer shows for one batch
        Meter heavy = new Meter();
        heavy.addRecords(200_000_000);
        HostCost slow = model.price(sata, heavy, bytes);
        HostCost slowStreamed = model.priceStreaming(sata, heavy, bytes, batch);
        assertTrue(slow.computeNs() > slow.transferNs(), slow.toString());
        assertEquals(slow.computeNs() + (slow.transferNs() + 1023) / 1024, slowStreamed.timeNs());
    }

    @Test
    void streamingOneBatchIsReadingThenComputing() {
        Meter work = microbench(16, 64);
        assertEquals(model.price(sata, work, 16 * 8192), model.priceStreaming(sata, work, 16 * 8192, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> model.priceStreaming(sata, work, 8192, 0));
    }

    @Test
    void hostTimePerPageIsFlatInDramAccesses() {
        long pages = 131_072;
        HostCost few = model.price(sata, microbench(pages, 1), pages * 8192);
        HostCost many = model.price(sata, microbench(pages, 1024), pages * 8192);
        assertTrue(many.timeNs() < few.timeNs() * 1.05, few.timeNs() + " vs " + many.timeNs());
    }

    @Test
    void energyIsWholeSystemPowerPerPhase() {
        Meter m = new Meter();
        m.addRecords(10_000_000);
        HostCost c = model.price(sata, m, 1_000_000_000L);
        assertEquals(c.transferEnergyNj() + c.computeEnergyNj(), c.energyNj());
        assertEquals(new Power(0, 44_000_000_000L).energyNj(0, c.timeNs()), c.idleEnergyNj(), 2);
        double watts = c.energyNj() / (double) c.timeNs();
        assertEquals(79.0, watts, 0.01);
        double added = c.addedEnergyNj() / (double) c.timeNs();
        assertEquals(35.0, added, 0.01);
    }

    @Test
    void kernelWorkBoundsTheTransferOnAFastLink() {
        LinkSpec fast = new LinkSpec(100_000_000_000L, 0, new Power(0, 0));
        HostCost c = model.price(fast, new Meter(), 3_300_000_000L);
        assertEquals(1_000_000_000L, c.transferNs());
        assertEquals(1_000_000_000L, c.cpuNs());
    }

    @Test
    void pureAndDeterministic() {
        Meter m = microbench(1_000, 64);
        assertEquals(model.price(sata, m, 8_192_000), model.price(sata, m, 8_192_000));
        assertEquals(m, microbench(1_000, 64));
    }

    @Test
    void negativeBytesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> model.price(sata, new Meter(), -1));
    }

    private static Meter microbench(long pages, long accessesPerPage) {
        Meter m = new Meter();
        m.addDramAccesses(pages * accessesPerPage);
        m.addCompares(pages * accessesPerPage);
        return m;
    }
}

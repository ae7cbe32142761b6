package dev.ispd.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad profile is rejected with a message naming the file and the key. */
class ProfileReaderErrorsTest {
    private static final String GOOD = shipped("profiles/device/smartssd-2013.yaml");

    @Test
    void theTemplateItselfLoads() {
        assertEquals("smartssd-2013", load(GOOD).name());
    }

    @Test
    void missingKey() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  readLatencyNs:.*\\n", ""));
        assertFault(e, "flash.readLatencyNs", "missing");
    }

    @Test
    void numberWithoutSourceOrAssumption() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: {value: 16}"));
        assertFault(e, "flash.channels", "no source or assumption");
    }

    @Test
    void bareNumberWithoutProvenance() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: 16"));
        assertFault(e, "flash.channels", "expected {value");
    }

    @Test
    void bothSourceAndAssumption() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$",
                "  channels: {value: 16, source: \"kang2013\", assumption: \"guess\"}"));
        assertFault(e, "flash.channels", "both source and assumption");
    }

    @Test
    void blankSource() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: {value: 16, source: \" \"}"));
        assertFault(e, "flash.channels", "non-empty");
    }

    @Test
    void wrongType() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: {value: sixteen, source: \"x\"}"));
        assertFault(e, "flash.channels", "expected an integer, got string \"sixteen\"");
        ProfileException f = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: {value: 16.5, source: \"x\"}"));
        assertFault(f, "flash.channels", "expected an integer");
        ProfileException g = reject(GOOD.replaceAll("(?m)^  overlapsFlashRead: .*$", "  overlapsFlashRead: {value: 1, source: \"x\"}"));
        assertFault(g, "compute.overlapsFlashRead", "expected true or false");
    }

    @Test
    void outOfRange() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  channels: .*$", "  channels: {value: 0, source: \"x\"}"));
        assertFault(e, "flash.channels", "0 is out of range [1, 1024]");
        ProfileException f = reject(GOOD.replaceAll("(?m)^  firmwareEfficiency: .*$", "  firmwareEfficiency: {value: 1.8, source: \"x\"}"));
        assertFault(f, "flash.firmwareEfficiency", "1.8 is out of range");
        ProfileException g = reject(GOOD.replaceAll("(?m)^  idlePowerMw: \\{value: 90,.*$", "  idlePowerMw: {value: -1, source: \"x\"}"));
        assertFault(g, "dram.idlePowerMw", "out of range");
    }

    @Test
    void unknownKeyIsATypo() {
        ProfileException e = reject(GOOD.replace("  readLatencyNs:", "  readLatncyNs: {value: 1, source: \"x\"}\n  readLatencyNs:"));
        assertFault(e, "flash.readLatncyNs", "unknown key");
        ProfileException f = reject(GOOD.replaceAll("(?m)^  channels: \\{value: 16,", "  channels: {value: 16, unit: ns,"));
        assertFault(f, "flash.channels", "unknown field 'unit'");
    }

    @Test
    void duplicateKey() {
        ProfileException e = reject(GOOD.replace("  readLatencyNs:", "  channels: {value: 8, source: \"x\"}\n  readLatencyNs:"));
        assertTrue(e.getMessage().startsWith("test.yaml: "), e.getMessage());
        assertTrue(e.getMessage().contains("channels"), e.getMessage());
    }

    @Test
    void sectionIsNotAMapping() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^dram:$", "dram: 12\nunused:"));
        assertFault(e, "dram", "expected a mapping");
    }

    @Test
    void batchBufferTooLarge() {
        ProfileException e = reject(GOOD.replaceAll("(?m)^  pageSizeBytes: .*$", "  pageSizeBytes: {value: 1048576, source: \"x\"}"));
        assertFault(e, "pagesPerBatch", "batch buffer limit");
    }

    @Test
    void notYaml() {
        ProfileException e = reject("name: [unclosed\n");
        assertTrue(e.getMessage().startsWith("test.yaml: not readable YAML"), e.getMessage());
    }

    @Test
    void fileOnDiskIsNamedInTheMessage(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("my-drive.yaml");
        Files.writeString(file, GOOD.replaceAll("(?m)^  clockHz: .*$", "  clockHz: {value: 400_000_000}"));
        ProfileException e = assertThrows(ProfileException.class, () -> Profiles.loadDevice(file));
        assertEquals(file.toString(), e.file());
        assertEquals("compute.clockHz", e.key());
        assertTrue(e.getMessage().startsWith(file + ": compute.clockHz: "), e.getMessage());
    }

    @Test
    void researcherProfileLoadsFromAPath(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("faster.yaml");
        Files.writeString(file, GOOD.replace("name: smartssd-2013", "name: smartssd-faster")
                .replaceAll("(?m)^  cores: .*$", "  cores: {value: 4, assumption: \"what if four cores ran tasklets\"}"));
        DeviceProfile p = Profiles.loadDevice(file);
        assertEquals("smartssd-faster", p.name());
        assertEquals(4, p.compute().cores());
        assertTrue(p.assumptions().stream().anyMatch(x -> x.key().equals("compute.cores")));
    }

    @Test
    void missingFile(@TempDir Path dir) {
        ProfileException e = assertThrows(ProfileException.class, () -> Profiles.loadDevice(dir.resolve("none.yaml")));
        assertTrue(e.getMessage().contains("none.yaml"), e.getMessage());
    }

    @Test
    void hostProfileErrorsNameTheKey() {
        String host = shipped("profiles/host/host-i5-2500.yaml");
        ProfileException e = assertThrows(ProfileException.class, () -> Profiles.readHost("h.yaml",
                stream(host.replaceAll("(?m)^  readEfficiency: .*$", "  readEfficiency: {value: 0, source: \"x\"}"))));
        assertEquals("h.yaml", e.file());
        assertEquals("io.readEfficiency", e.key());
        assertTrue(e.getMessage().startsWith("h.yaml: io.readEfficiency: 0 is out of range"), e.getMessage());
    }

    @Test
    void hostProfileWithoutAHadoopCostNamesIt() {
        String host = shipped("profiles/host/host-i5-2500.yaml");
        ProfileException e = assertThrows(ProfileException.class, () -> Profiles.readHost("h.yaml",
                stream(host.replaceAll("(?m)^  cyclesPerMergeRecord: .*$", ""))));
        assertEquals("hadoop.cyclesPerMergeRecord", e.key());
    }

    private static void assertFault(ProfileException e, String key, String problem) {
        assertEquals("test.yaml", e.file());
        assertEquals(key, e.key());
        assertTrue(e.getMessage().startsWith("test.yaml: " + key + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    private static ProfileException reject(String yaml) {
        return assertThrows(ProfileException.class, () -> load(yaml));
    }

    private static DeviceProfile load(String yaml) {
        return Profiles.readDevice("test.yaml", stream(yaml));
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String shipped(String resource) {
        try (InputStream in = ProfileReaderErrorsTest.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.ispd.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfilesTest {

    @Test
    void everyShippedDeviceProfileLoadsAndEveryNumberHasABasis() {
        assertEquals(List.of("smartssd-2013", "pm1725-isc", "spu-2018", "smartssd-fpga", "newport", "kinetic-hdd"),
                Profiles.deviceNames());
        for (String name : Profiles.deviceNames()) {
            DeviceProfile p = Profiles.device(name);
            assertEquals(name, p.name());
            assertTrue(p.parameters().size() >= 30, name + " has " + p.parameters().size() + " parameters");
            for (Parameter param : p.parameters()) {
                assertFalse(param.basis().isBlank(), name + ": " + param.key());
            }
            assertFalse(p.assumptions().isEmpty(), name + " should say which numbers are assumptions");
        }
    }

    @Test
    void shippedHostProfileLoads() {
        assertEquals(List.of("host-i5-2500"), Profiles.hostNames());
        HostProfile h = Profiles.host("host-i5-2500");
        assertEquals(4, h.cpu().cores());
        assertEquals(3_300_000_000L, h.cpu().clockHz());
        assertEquals(44_000_000_000L, h.power().idleNw());
        assertEquals(300, h.hadoop().cyclesPerMapInputRecord());
        assertEquals(100_000_000L, h.hadoop().localDiskBytesPerSec());
        assertEquals(20_000L, h.hadoop().deviceCallCpuNs());
        assertTrue(h.assumptions().stream().anyMatch(p -> p.key().equals("hadoop.cyclesPerSpilledRecord")),
                "the Hadoop path's per-record costs are assumptions");
        for (Parameter param : h.parameters()) {
            assertFalse(param.basis().isBlank(), param.key());
        }
    }

    @Test
    void everyNumberOfAProfileIsRecordedAsAParameter() {
        DeviceProfile p = Profiles.device("smartssd-2013");
        List<String> keys = p.parameters().stream().map(Parameter::key).toList();
        assertTrue(keys.containsAll(List.of("capacityBytes", "pagesPerBatch", "link.bandwidthBytesPerSec",
                "link.commandLatencyNs", "flash.channels", "flash.firmwareEfficiency", "dram.accessLatencyNs",
                "compute.clockHz", "compute.overlapsFlashRead", "compute.coreIdlePowerMw")), keys.toString());
        Parameter channels = p.parameters().stream().filter(x -> x.key().equals("flash.channels")).findFirst().orElseThrow();
        assertEquals("16", channels.value());
        assertFalse(channels.isAssumption());
        assertTrue(channels.source().startsWith("kang2013"));
    }

    @Test
    void aSweepChangesOneNumberAndSaysWhere() {
        DeviceProfile spu = Profiles.device("spu-2018");
        DeviceProfile cores = spu.withCores(16, "a sweep");
        DeviceProfile channels = spu.withChannels(8, "a sweep");
        DeviceProfile bus = spu.withChannelBandwidth(1_000_000_000L, "a sweep");
        assertEquals(16, cores.compute().cores());
        assertEquals(spu.compute().clockHz(), cores.compute().clockHz());
        assertEquals(spu.flash(), cores.flash());
        assertEquals(8, channels.flash().channels());
        assertEquals(spu.flash().channelBandwidthBytesPerSec(), channels.flash().channelBandwidthBytesPerSec());
        assertEquals(1_000_000_000L, bus.flash().channelBandwidthBytesPerSec());
        assertEquals(spu.compute(), bus.compute());
        assertEquals("spu-2018 (compute.cores 16)", cores.name());
        Parameter p = cores.parameters().stream().filter(x -> x.key().equals("compute.cores")).findFirst().orElseThrow();
        assertEquals(new Parameter("compute.cores", "16", "a sweep", null), p);
        assertEquals(spu.parameters().size(), cores.parameters().size());
        assertTrue(channels.flash().readBytesPerSec() < spu.flash().readBytesPerSec(), "fewer channels read slower");
        assertThrows(IllegalArgumentException.class, () -> spu.withCores(0, "a sweep"));
    }

    @Test
    void shippedProfilesAreParsedOnce() {
        assertSame(Profiles.device("newport"), Profiles.device("newport"));
        assertSame(Profiles.host("host-i5-2500"), Profiles.host("host-i5-2500"));
    }

    @Test
    void unknownNamesListTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profiles.device("smartssd-2099"));
        assertTrue(e.getMessage().contains("smartssd-2099"), e.getMessage());
        for (String known : Profiles.deviceNames()) {
            assertTrue(e.getMessage().contains(known), e.getMessage());
        }
        IllegalArgumentException h = assertThrows(IllegalArgumentException.class, () -> Profiles.host("host-z80"));
        assertTrue(h.getMessage().contains("host-i5-2500"), h.getMessage());
    }

    @Test
    void smartSsdInternalReadIs18TimesTheLink() {
        DeviceProfile p = Profiles.device("smartssd-2013");
        double ratio = p.flash().readBytesPerSec() / (double) p.link().bandwidthBytesPerSec();
        assertEquals(1.8, ratio, 0.02);
        assertEquals(8192, p.pageSizeBytes());
        assertEquals(128, p.pagesPerBatch());
        assertEquals(200_000_000_000L, p.capacityBytes());
    }

    @Test
    void csdInternalReadIsBelowTheLinkAsMeasured() {
        DeviceProfile fpga = Profiles.device("smartssd-fpga");
        assertEquals(1.18, fpga.link().bandwidthBytesPerSec() / (double) fpga.scanReadBytesPerSec(), 0.01);
        DeviceProfile newport = Profiles.device("newport");
        assertEquals(2.28, newport.link().bandwidthBytesPerSec() / (double) newport.scanReadBytesPerSec(), 0.01);
    }

    @Test
    void capabilitiesCarryEveryDocumentedKeyAsNumbersOrBooleans() throws IllegalAccessException {
        List<String> keys = capabilityKeys();
        for (String name : Profiles.deviceNames()) {
            Map<String, String> caps = Profiles.device(name).capabilities();
            assertEquals(keys.size(), caps.size(), name);
            assertTrue(caps.size() < 64, "DEVICE_INFO carries at most 64 parameters with 'tasklets'");
            for (String key : keys) {
                String v = caps.get(key);
                assertTrue(v != null, name + " lacks " + key);
                assertTrue(key.matches("[A-Za-z0-9._-]+"), key);
                assertTrue(v.equals("true") || v.equals("false") || v.matches("\\d+(\\.\\d+)?"), key + "=" + v);
            }
        }
        Map<String, String> smart = Profiles.device("smartssd-2013").capabilities();
        assertEquals("300000000", smart.get(Capabilities.LINK_BANDWIDTH));
        assertEquals("215000", smart.get(Capabilities.LINK_COMMAND_LATENCY));
        assertEquals("10", smart.get(Capabilities.NS_PER_RECORD));
        assertEquals("15", smart.get(Capabilities.NS_PER_COMPARE));
        assertEquals("215", smart.get(Capabilities.NS_PER_DRAM_ACCESS));
        assertEquals("1", smart.get(Capabilities.CORES));
        assertEquals("true", smart.get(Capabilities.SCAN_OVERLAPS_READ));
    }

    @Test
    void docsListEveryCapabilityKey() throws IOException, IllegalAccessException {
        Path doc = Path.of("..", "docs", "model.md");
        String text = Files.readString(doc);
        for (String key : capabilityKeys()) {
            assertTrue(text.contains("`" + key + "`"), "docs/model.md does not list capability " + key);
        }
    }

    private static List<String> capabilityKeys() throws IllegalAccessException {
        List<String> keys = new ArrayList<>();
        for (Field f : Capabilities.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                keys.add((String) f.get(null));
            }
        }
        return keys;
    }
}

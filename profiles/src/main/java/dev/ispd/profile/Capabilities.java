package dev.ispd.profile;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The capability keys a drive reports in DEVICE_INFO (docs/protocol.md), derived from its
 * profile: what a host-side scheduler needs to predict the device's time and energy for a
 * split. Values are decimal text; per-operation costs are per core. Listed in docs/model.md.
 */
public final class Capabilities {
    public static final String LINK_BANDWIDTH = "link.bandwidthBytesPerSec";
    public static final String LINK_COMMAND_LATENCY = "link.commandLatencyNs";
    public static final String FLASH_CHANNELS = "flash.channels";
    public static final String FLASH_DIES_PER_CHANNEL = "flash.diesPerChannel";
    public static final String FLASH_PAGE_SIZE = "flash.pageSizeBytes";
    public static final String FLASH_READ_LATENCY = "flash.readLatencyNs";
    public static final String FLASH_PROGRAM_LATENCY = "flash.programLatencyNs";
    public static final String FLASH_READ_BANDWIDTH = "flash.readBytesPerSec";
    public static final String SCAN_READ_BANDWIDTH = "scan.readBytesPerSec";
    public static final String BATCH_PAGES = "scan.pagesPerBatch";
    public static final String SCAN_OVERLAPS_READ = "scan.overlapsFlashRead";
    public static final String DRAM_BANDWIDTH = "dram.bandwidthBytesPerSec";
    public static final String CORES = "compute.cores";
    public static final String CLOCK = "compute.clockHz";
    public static final String NS_PER_RECORD = "compute.nsPerRecord";
    public static final String NS_PER_DRAM_ACCESS = "compute.nsPerDramAccess";
    public static final String NS_PER_COMPARE = "compute.nsPerCompare";
    public static final String NS_PER_HASH_UPDATE = "compute.nsPerHashUpdate";
    public static final String NS_PER_BYTE_OUT = "compute.nsPerByteOut";
    public static final String POWER_ACTIVE = "power.activeMw";
    public static final String POWER_IDLE = "power.idleMw";
    public static final String POWER_LINK_ACTIVE = "power.link.activeMw";
    public static final String POWER_LINK_IDLE = "power.link.idleMw";
    public static final String POWER_CONTROLLER_ACTIVE = "power.controller.activeMw";
    public static final String POWER_CONTROLLER_IDLE = "power.controller.idleMw";
    public static final String POWER_DRAM_ACTIVE = "power.dram.activeMw";
    public static final String POWER_DRAM_IDLE = "power.dram.idleMw";
    public static final String POWER_DIE_ACTIVE = "power.flashDie.activeMw";
    public static final String POWER_DIE_IDLE = "power.flashDie.idleMw";
    public static final String POWER_CORE_ACTIVE = "power.core.activeMw";
    public static final String POWER_CORE_IDLE = "power.core.idleMw";
    /** A user tasklet module's WebAssembly instruction, one core (docs/tasklets.md, "Metering and pricing"). */
    public static final String NS_PER_INSTRUCTION = "compute.nsPerInstruction";

    private Capabilities() {
    }

    /** The capability map of {@code p}, sorted by key. */
    static Map<String, String> of(DeviceProfile p) {
        Map<String, String> m = new TreeMap<>();
        m.put(LINK_BANDWIDTH, Long.toString(p.link().bandwidthBytesPerSec()));
        m.put(LINK_COMMAND_LATENCY, Long.toString(p.link().commandLatencyNs()));
        FlashSpec f = p.flash();
        m.put(FLASH_CHANNELS, Integer.toString(f.channels()));
        m.put(FLASH_DIES_PER_CHANNEL, Integer.toString(f.diesPerChannel()));
        m.put(FLASH_PAGE_SIZE, Integer.toString(f.pageSizeBytes()));
        m.put(FLASH_READ_LATENCY, Long.toString(f.readLatencyNs()));
        m.put(FLASH_PROGRAM_LATENCY, Long.toString(f.programLatencyNs()));
        m.put(FLASH_READ_BANDWIDTH, Long.toString(f.readBytesPerSec()));
        m.put(SCAN_READ_BANDWIDTH, Long.toString(p.scanReadBytesPerSec()));
        m.put(BATCH_PAGES, Integer.toString(p.pagesPerBatch()));
        ComputeSpec c = p.compute();
        m.put(SCAN_OVERLAPS_READ, Boolean.toString(c.overlapsFlashRead()));
        m.put(DRAM_BANDWIDTH, Long.toString(p.dram().bandwidthBytesPerSec()));
        m.put(CORES, Integer.toString(c.cores()));
        m.put(CLOCK, Long.toString(c.clockHz()));
        m.put(NS_PER_RECORD, cyclesAsNs(c.cyclesPerRecord(), c.clockHz()));
        m.put(NS_PER_DRAM_ACCESS, Long.toString(p.dram().accessLatencyNs()));
        m.put(NS_PER_COMPARE, cyclesAsNs(c.cyclesPerCompare(), c.clockHz()));
        m.put(NS_PER_HASH_UPDATE, cyclesAsNs(c.cyclesPerHashUpdate(), c.clockHz()));
        m.put(NS_PER_BYTE_OUT, cyclesAsNs(c.cyclesPerByteOut(), c.clockHz()));
        m.put(NS_PER_INSTRUCTION, cyclesAsNs(c.cyclesPerInstruction(), c.clockHz()));
        long dies = f.dies();
        long idle = p.link().power().idleNw() + p.controller().power().idleNw() + p.dram().power().idleNw()
                + dies * f.diePower().idleNw() + c.cores() * c.corePower().idleNw();
        long active = p.link().power().activeNw() + p.controller().power().activeNw() + p.dram().power().activeNw()
                + dies * f.diePower().activeNw() + c.cores() * c.corePower().activeNw();
        m.put(POWER_ACTIVE, Power.milliwattsText(active));
        m.put(POWER_IDLE, Power.milliwattsText(idle));
        m.put(POWER_LINK_ACTIVE, Power.milliwattsText(p.link().power().activeNw()));
        m.put(POWER_LINK_IDLE, Power.milliwattsText(p.link().power().idleNw()));
        m.put(POWER_CONTROLLER_ACTIVE, Power.milliwattsText(p.controller().power().activeNw()));
        m.put(POWER_CONTROLLER_IDLE, Power.milliwattsText(p.controller().power().idleNw()));
        m.put(POWER_DRAM_ACTIVE, Power.milliwattsText(p.dram().power().activeNw()));
        m.put(POWER_DRAM_IDLE, Power.milliwattsText(p.dram().power().idleNw()));
        m.put(POWER_DIE_ACTIVE, Power.milliwattsText(f.diePower().activeNw()));
        m.put(POWER_DIE_IDLE, Power.milliwattsText(f.diePower().idleNw()));
        m.put(POWER_CORE_ACTIVE, Power.milliwattsText(c.corePower().activeNw()));
        m.put(POWER_CORE_IDLE, Power.milliwattsText(c.corePower().idleNw()));
        return Collections.unmodifiableMap(m);
    }

    /** {@code cycles} at {@code clockHz} in ns, as decimal text with up to three decimals. */
    static String cyclesAsNs(long cycles, long clockHz) {
        return BigDecimal.valueOf(cycles).multiply(BigDecimal.valueOf(Units.NS_PER_SECOND))
                .divide(BigDecimal.valueOf(clockHz), 3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}

package dev.ispd.offload.schedule;

import dev.ispd.profile.Capabilities;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * The capabilities a drive reports in DEVICE_INFO (docs/model.md, "Capability keys"), parsed into
 * the numbers the cost model needs. Powers are kept in nanowatts, times in nanoseconds; the
 * per-operation costs stay decimal (the drive reports them to a thousandth of a ns).
 */
record DriveCapabilities(
        int drive,
        LinkSpec link,
        int pageSizeBytes,
        long readLatencyNs,
        long programLatencyNs,
        long flashReadBytesPerSec,
        int flashChannels,
        long scanReadBytesPerSec,
        int pagesPerBatch,
        boolean overlapsFlashRead,
        long dramBandwidthBytesPerSec,
        int cores,
        double nsPerRecord,
        double nsPerDramAccess,
        double nsPerCompare,
        double nsPerHashUpdate,
        double nsPerByteOut,
        double nsPerInstruction,
        long idleNw,
        long dieActiveNw,
        long dramActiveNw,
        long coreActiveNw) {

    /** Parses drive {@code drive}'s capability map; a missing or bad value is an error naming the drive and key. */
    static DriveCapabilities parse(int drive, Map<String, String> caps) {
        Reader r = new Reader(drive, caps);
        LinkSpec link = new LinkSpec(r.positive(Capabilities.LINK_BANDWIDTH), r.nonNegative(Capabilities.LINK_COMMAND_LATENCY),
                new Power(r.nanowatts(Capabilities.POWER_LINK_ACTIVE), r.nanowatts(Capabilities.POWER_LINK_IDLE)));
        return new DriveCapabilities(drive, link,
                r.positiveInt(Capabilities.FLASH_PAGE_SIZE),
                r.nonNegative(Capabilities.FLASH_READ_LATENCY),
                r.nonNegative(Capabilities.FLASH_PROGRAM_LATENCY),
                r.positive(Capabilities.FLASH_READ_BANDWIDTH),
                r.positiveInt(Capabilities.FLASH_CHANNELS),
                r.positive(Capabilities.SCAN_READ_BANDWIDTH),
                r.positiveInt(Capabilities.BATCH_PAGES),
                r.bool(Capabilities.SCAN_OVERLAPS_READ),
                r.positive(Capabilities.DRAM_BANDWIDTH),
                r.positiveInt(Capabilities.CORES),
                r.decimal(Capabilities.NS_PER_RECORD),
                r.decimal(Capabilities.NS_PER_DRAM_ACCESS),
                r.decimal(Capabilities.NS_PER_COMPARE),
                r.decimal(Capabilities.NS_PER_HASH_UPDATE),
                r.decimal(Capabilities.NS_PER_BYTE_OUT),
                r.decimal(Capabilities.NS_PER_INSTRUCTION),
                r.nanowatts(Capabilities.POWER_IDLE),
                r.nanowatts(Capabilities.POWER_DIE_ACTIVE),
                r.nanowatts(Capabilities.POWER_DRAM_ACTIVE),
                r.nanowatts(Capabilities.POWER_CORE_ACTIVE));
    }

    /** Time one page occupies a channel bus: the array is bus-bound, so channels x page / array rate. */
    long pageBusNs() {
        return ceilDiv((long) pageSizeBytes * flashChannels * 1_000_000_000L, flashReadBytesPerSec);
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** Typed reads of one drive's map; errors name the drive, the key and the value. */
    private record Reader(int drive, Map<String, String> caps) {
        private String raw(String key) {
            String v = caps.get(key);
            if (v == null) {
                throw new IllegalArgumentException("drive " + drive + ": capability '" + key + "' is missing from its DEVICE_INFO");
            }
            return v.trim();
        }

        private IllegalArgumentException bad(String key, String v, String what) {
            return new IllegalArgumentException("drive " + drive + ": capability '" + key + "' must be " + what + ", got '"
                    + v + "'");
        }

        long nonNegative(String key) {
            String v = raw(key);
            try {
                long n = Long.parseLong(v);
                if (n < 0) {
                    throw bad(key, v, "a non-negative integer");
                }
                return n;
            } catch (NumberFormatException e) {
                throw bad(key, v, "a non-negative integer");
            }
        }

        long positive(String key) {
            long n = nonNegative(key);
            if (n == 0) {
                throw bad(key, "0", "a positive integer");
            }
            return n;
        }

        int positiveInt(String key) {
            long n = positive(key);
            if (n > Integer.MAX_VALUE) {
                throw bad(key, Long.toString(n), "at most " + Integer.MAX_VALUE);
            }
            return (int) n;
        }

        double decimal(String key) {
            String v = raw(key);
            try {
                double d = Double.parseDouble(v);
                if (!(d >= 0) || Double.isInfinite(d)) {
                    throw bad(key, v, "a non-negative decimal");
                }
                return d;
            } catch (NumberFormatException e) {
                throw bad(key, v, "a non-negative decimal");
            }
        }

        long nanowatts(String key) {
            String v = raw(key);
            try {
                BigDecimal mw = new BigDecimal(v);
                if (mw.signum() < 0) {
                    throw bad(key, v, "non-negative milliwatts");
                }
                return mw.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                throw bad(key, v, "non-negative milliwatts");
            }
        }

        boolean bool(String key) {
            String v = raw(key);
            if (v.equals("true") || v.equals("false")) {
                return Boolean.parseBoolean(v);
            }
            throw bad(key, v, "true or false");
        }
    }
}

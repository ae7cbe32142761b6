package dev.ispd.profile;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The flash array: channels, each a bus shared by its dies; a die reads a page into its
 * register in {@code readLatencyNs} (programs one in {@code programLatencyNs}) and the page
 * crosses the channel bus at the effective channel bandwidth. {@code firmwareEfficiency} is the
 * fraction of the bus rate left after firmware overhead (kang2013 V-B-1: 2.5x the host link by
 * specification, 1.8x measured). Power is per die.
 */
public record FlashSpec(int channels, int diesPerChannel, int pageSizeBytes, long readLatencyNs, long programLatencyNs,
                        long channelBandwidthBytesPerSec, double firmwareEfficiency, Power diePower) {

    /** Channel bandwidth after firmware overhead, in bytes per second. */
    public long effectiveChannelBytesPerSec() {
        return BigDecimal.valueOf(channelBandwidthBytesPerSec).multiply(BigDecimal.valueOf(firmwareEfficiency))
                .setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** Time one page occupies its channel bus. */
    public long pageTransferNs() {
        return Units.transferNs(pageSizeBytes, effectiveChannelBytesPerSec());
    }

    /**
     * Sustained read rate of the whole array with every channel streaming: per channel the bus
     * or, with too few dies to hide the read latency, the dies.
     */
    public long readBytesPerSec() {
        long transfer = pageTransferNs();
        long perChannelBus = Units.mulDiv(pageSizeBytes, Units.NS_PER_SECOND, transfer, RoundingMode.FLOOR);
        long perChannelDies = Units.mulDiv((long) diesPerChannel * pageSizeBytes, Units.NS_PER_SECOND,
                readLatencyNs + transfer, RoundingMode.FLOOR);
        return channels * Math.min(perChannelBus, perChannelDies);
    }

    public int dies() {
        return channels * diesPerChannel;
    }

    static FlashSpec read(ProfileReader.Section s) {
        FlashSpec spec = new FlashSpec(
                s.intValue("channels", 1, 1024),
                s.intValue("diesPerChannel", 1, 64),
                s.intValue("pageSizeBytes", 512, 1 << 20),
                s.integer("readLatencyNs", 0, 1_000_000_000L),
                s.integer("programLatencyNs", 0, 1_000_000_000L),
                s.integer("channelBandwidthBytesPerSec", 1, 100_000_000_000L),
                s.decimal("firmwareEfficiency", 0.01, 1.0),
                new Power(s.milliwatts("dieActivePowerMw", 10_000), s.milliwatts("dieIdlePowerMw", 10_000)));
        s.done();
        return spec;
    }
}

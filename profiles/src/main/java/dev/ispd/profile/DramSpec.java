package dev.ispd.profile;

/**
 * The drive's DRAM: bulk transfers (flash to buffer, buffer to link) move at
 * {@code bandwidthBytesPerSec}; a tasklet's field load waits {@code accessLatencyNs} (the Smart
 * SSD's cores have no cache in front of it, kang2013 V-B-2).
 */
public record DramSpec(long accessLatencyNs, long bandwidthBytesPerSec, Power power) {

    static DramSpec read(ProfileReader.Section s) {
        DramSpec spec = new DramSpec(
                s.integer("accessLatencyNs", 0, 1_000_000L),
                s.integer("bandwidthBytesPerSec", 1, 1_000_000_000_000L),
                new Power(s.milliwatts("activePowerMw", 100_000), s.milliwatts("idlePowerMw", 100_000)));
        s.done();
        return spec;
    }
}

package dev.ispd.profile;

/**
 * The host link (SATA, PCIe, Ethernet): the bandwidth of data transfers and the fixed latency
 * each command occupies it for (protocol exchange, firmware acknowledgement).
 */
public record LinkSpec(long bandwidthBytesPerSec, long commandLatencyNs, Power power) {

    static LinkSpec read(ProfileReader.Section s) {
        LinkSpec spec = new LinkSpec(
                s.integer("bandwidthBytesPerSec", 1, 1_000_000_000_000L),
                s.integer("commandLatencyNs", 0, 1_000_000_000L),
                new Power(s.milliwatts("activePowerMw", 100_000), s.milliwatts("idlePowerMw", 100_000)));
        s.done();
        return spec;
    }
}

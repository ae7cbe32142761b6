package dev.ispd.profile;

/**
 * The SSD controller's firmware: the time it spends decoding each command and translating each
 * flash page (FTL lookup, ECC and DMA set-up), and its power.
 */
public record ControllerSpec(long commandNs, long pageNs, Power power) {

    static ControllerSpec read(ProfileReader.Section s) {
        ControllerSpec spec = new ControllerSpec(
                s.integer("commandNs", 0, 1_000_000_000L),
                s.integer("pageNs", 0, 1_000_000_000L),
                new Power(s.milliwatts("activePowerMw", 100_000), s.milliwatts("idlePowerMw", 100_000)));
        s.done();
        return spec;
    }
}

package dev.ispd.profile;

import java.util.List;
import java.util.Map;

/**
 * A drive's profile: its geometry, the timing of each of its parts and their power, every
 * number with its source ({@link #parameters()}). Loaded from a data file by {@link Profiles};
 * the file layout and each key's meaning are in docs/model.md.
 */
public record DeviceProfile(String name, String description, long capacityBytes, int pagesPerBatch,
                            LinkSpec link, ControllerSpec controller, FlashSpec flash, DramSpec dram,
                            ComputeSpec compute, List<Parameter> parameters) {

    /** Largest batch buffer a profile may ask for (page size x pages per batch). */
    static final long MAX_BATCH_BYTES = 64L << 20;

    public DeviceProfile {
        parameters = List.copyOf(parameters);
    }

    public int pageSizeBytes() {
        return flash.pageSizeBytes();
    }

    /** The numbers a host-side scheduler needs to predict device cost; keys in {@link Capabilities}. */
    public Map<String, String> capabilities() {
        return Capabilities.of(this);
    }

    /** The parameters no paper gives. */
    public List<Parameter> assumptions() {
        return parameters.stream().filter(Parameter::isAssumption).toList();
    }

    /**
     * Rate at which a tasklet's batches can arrive with nothing else running: the flash array,
     * the DMA into DRAM and, where there is one, the compute engine's own input path.
     */
    public long scanReadBytesPerSec() {
        long rate = Math.min(flash.readBytesPerSec(), dram.bandwidthBytesPerSec());
        return compute.hasInputLimit() ? Math.min(rate, compute.inputBandwidthBytesPerSec()) : rate;
    }

    static DeviceProfile read(ProfileReader.Section root) {
        String name = root.text("name");
        String description = root.text("description");
        long capacity = root.integer("capacityBytes", 1, Long.MAX_VALUE);
        int pagesPerBatch = root.intValue("pagesPerBatch", 1, 4096);
        LinkSpec link = LinkSpec.read(root.section("link"));
        ControllerSpec controller = ControllerSpec.read(root.section("controller"));
        FlashSpec flash = FlashSpec.read(root.section("flash"));
        DramSpec dram = DramSpec.read(root.section("dram"));
        ComputeSpec compute = ComputeSpec.read(root.section("compute"));
        root.done();
        if ((long) flash.pageSizeBytes() * pagesPerBatch > MAX_BATCH_BYTES) {
            throw root.error("pagesPerBatch", pagesPerBatch + " pages of " + flash.pageSizeBytes()
                    + " bytes exceed the " + MAX_BATCH_BYTES + "-byte batch buffer limit");
        }
        return new DeviceProfile(name, description, capacity, pagesPerBatch, link, controller, flash, dram, compute,
                root.parameters());
    }
}

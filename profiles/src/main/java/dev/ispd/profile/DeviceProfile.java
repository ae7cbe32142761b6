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

    /**
     * This drive with {@code cores} tasklet cores (the SPU's coprocessor count), for a sweep:
     * the number is the sweep's ({@code source} says which), everything else as this profile's.
     */
    public DeviceProfile withCores(int cores, String source) {
        ComputeSpec c = compute;
        ComputeSpec changed = new ComputeSpec(cores, c.clockHz(), c.cyclesPerRecord(), c.cyclesPerCompare(),
                c.cyclesPerHashUpdate(), c.cyclesPerByteOut(), c.cyclesPerInstruction(), c.cyclesPerArithmetic(),
                c.overlapsFlashRead(), c.inputBandwidthBytesPerSec(), c.corePower());
        return variant("compute.cores", cores, source, flash, changed);
    }

    /** This drive with {@code channels} flash channels, for a sweep (see {@link #withCores}). */
    public DeviceProfile withChannels(int channels, String source) {
        FlashSpec f = flash;
        FlashSpec changed = new FlashSpec(channels, f.diesPerChannel(), f.pageSizeBytes(), f.readLatencyNs(),
                f.programLatencyNs(), f.channelBandwidthBytesPerSec(), f.firmwareEfficiency(), f.diePower());
        return variant("flash.channels", channels, source, changed, compute);
    }

    /** This drive with each flash channel's bus at {@code bytesPerSec}, for a sweep (see {@link #withCores}). */
    public DeviceProfile withChannelBandwidth(long bytesPerSec, String source) {
        FlashSpec f = flash;
        FlashSpec changed = new FlashSpec(f.channels(), f.diesPerChannel(), f.pageSizeBytes(), f.readLatencyNs(),
                f.programLatencyNs(), bytesPerSec, f.firmwareEfficiency(), f.diePower());
        return variant("flash.channelBandwidthBytesPerSec", bytesPerSec, source, changed, compute);
    }

    private DeviceProfile variant(String key, long value, String source, FlashSpec newFlash, ComputeSpec newCompute) {
        if (value <= 0) {
            throw new IllegalArgumentException(key + " must be positive, got " + value);
        }
        List<Parameter> changed = parameters.stream()
                .map(p -> p.key().equals(key) ? new Parameter(key, Long.toString(value), source, null) : p).toList();
        return new DeviceProfile(name + " (" + key + " " + value + ")", description, capacityBytes, pagesPerBatch,
                link, controller, newFlash, dram, newCompute, changed);
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

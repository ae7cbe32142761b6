package dev.ispd.sim.model;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Units;
import dev.ispd.sim.compute.TaskletCores;
import dev.ispd.sim.dram.Dram;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;
import dev.ispd.sim.firmware.Firmware;
import dev.ispd.sim.flash.FlashArray;
import dev.ispd.sim.link.HostLink;
import dev.ispd.tasklet.Meter;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The drive's timing and energy model, assembled from a profile: builds each part (link,
 * firmware, DRAM, flash, tasklet cores) from its section of the profile and wires them. The
 * pipeline (docs/model.md):
 *
 * <pre>
 *   host --link--> controller (firmware) --> DRAM <--> flash channels --> dies
 *                                             |
 *                                     tasklet cores (field loads stall on DRAM)
 * </pre>
 *
 * Each part computes its own latency and keeps its own timelines; this class only wires them
 * and sequences the stages of each command. A command occupies the link and the firmware
 * together. Host reads and writes move in chunks of {@code pagesPerBatch} pages so that flash
 * and link overlap. An execution's batch is a flash read (with the firmware's per-page work,
 * the DMA into DRAM and, where there is one, the engine's input path, all streaming from the
 * same start), then its metered compute; with {@code overlapsFlashRead} the read of batch i+1
 * is queued as soon as batch i-1's buffer is free (double buffering), otherwise once batch i
 * is computed. Queued reads take their dies and buses in order, first-fit. Each execution's
 * batches are also priced on a drive of its own, which runs nothing else: its service time.
 *
 * <p>Not thread-safe, like every part it wires: the caller makes one call at a time (the
 * drive's controller serialises its connection threads and execution worker with one lock).
 * No singletons: each instance is an independent drive.
 */
public final class ModeledDrive implements DriveModel {
    private final DeviceProfile profile;
    private final HostLink link;
    private final Firmware firmware;
    private final Dram dram;
    private final FlashArray flash;
    private final TaskletCores cores;
    private final List<Powered> parts;
    private long nowNs;

    public ModeledDrive(DeviceProfile profile) {
        this.profile = profile;
        this.link = new HostLink(profile.link());
        this.firmware = new Firmware(profile.controller());
        this.dram = new Dram(profile.dram());
        this.flash = new FlashArray(profile.flash());
        this.cores = new TaskletCores(profile.compute());
        this.parts = List.of(link, firmware, dram, flash, cores);
    }

    public DeviceProfile profile() {
        return profile;
    }

    @Override
    public long hostWrite(long arrivalNs, long bytes) {
        checkArguments(arrivalNs, bytes);
        long sendFrom = exchange(arrivalNs);
        long end = sendFrom;
        long left = bytes;
        while (left > 0) {
            long chunk = Math.min(left, chunkBytes());
            long received = link.transfer(sendFrom, chunk, EnergyAccount.UNCHARGED);
            long buffered = Math.max(received, dram.transfer(sendFrom, chunk, EnergyAccount.UNCHARGED));
            long pages = pagesOf(chunk);
            long programmed = flash.program(buffered, pages, EnergyAccount.UNCHARGED);
            long translated = firmware.translate(buffered, pages, EnergyAccount.UNCHARGED);
            end = Math.max(end, Math.max(programmed, translated));
            sendFrom = received;
            left -= chunk;
        }
        return advance(end);
    }

    @Override
    public long hostRead(long arrivalNs, long bytes) {
        checkArguments(arrivalNs, bytes);
        long readFrom = exchange(arrivalNs);
        long sent = readFrom;
        long left = bytes;
        while (left > 0) {
            // every chunk is queued at once; each goes out on the link as soon as it is read
            long chunk = Math.min(left, chunkBytes());
            long read = readPages(readFrom, pagesOf(chunk), false, EnergyAccount.UNCHARGED);
            sent = link.transfer(Math.max(read, sent), chunk, EnergyAccount.UNCHARGED);
            left -= chunk;
        }
        return advance(sent);
    }

    @Override
    public long command(long arrivalNs) {
        checkArguments(arrivalNs, 0);
        return advance(exchange(arrivalNs));
    }

    @Override
    public Execution beginExecution(long arrivalNs) {
        checkArguments(arrivalNs, 0);
        advance(arrivalNs);
        return new ModeledExecution(arrivalNs, alone(arrivalNs));
    }

    /** The same execution on an idle drive of this profile, for its service time (docs/model.md, "Service time"). */
    private ModeledExecution alone(long arrivalNs) {
        return new ModeledDrive(profile).new ModeledExecution(arrivalNs, null);
    }

    @Override
    public LogSnapshot snapshot() {
        List<ComponentLog> logs = new ArrayList<>();
        long total = 0;
        for (Powered p : parts) {
            Usage u = p.usage(nowNs);
            total += u.energyNj();
            flatten(u, logs);
        }
        return new LogSnapshot(nowNs, total, List.copyOf(logs));
    }

    private static void flatten(Usage u, List<ComponentLog> out) {
        out.add(new ComponentLog(u.name(), u.busyNs(), u.energyNj()));
        for (Usage part : u.parts()) {
            flatten(part, out);
        }
    }

    /**
     * Forgets on every unit the work that ends by {@code ns}, for the idle drive of one execution
     * (its {@code alone}), whose later bookings all start at or after the next batch's read (the
     * execution's times only move on): its timelines then hold only the few batches in flight
     * instead of growing with every execution. The bookings, and so the service time, are those
     * the whole history gives: {@link Timeline#forgetBefore}.
     */
    private void forgetBefore(long ns) {
        link.timeline().forgetBefore(ns);
        firmware.timeline().forgetBefore(ns);
        dram.timeline().forgetBefore(ns);
        flash.forgetBefore(ns);
        cores.forgetBefore(ns);
    }

    /** A command's exchange on the link and its decoding by the firmware, together; returns its end. */
    private long exchange(long arrivalNs) {
        Timeline[] units = {link.timeline(), firmware.timeline()};
        long[] durations = {link.commandNs(), firmware.commandNs()};
        long start = Timeline.bookTogether(arrivalNs, units, durations);
        return start + Math.max(link.commandNs(), firmware.commandNs());
    }

    /** Reads pages into DRAM (and to the tasklet engine if {@code toEngine}); every stage streams from {@code earliestNs}. */
    private long readPages(long earliestNs, long pages, boolean toEngine, EnergyAccount account) {
        long bytes = pages * profile.pageSizeBytes();
        long end = flash.read(earliestNs, pages, account);
        end = Math.max(end, firmware.translate(earliestNs, pages, account));
        end = Math.max(end, dram.transfer(earliestNs, bytes, account));
        return toEngine ? Math.max(end, cores.receive(earliestNs, bytes)) : end;
    }

    private long chunkBytes() {
        return (long) profile.pagesPerBatch() * profile.pageSizeBytes();
    }

    private long pagesOf(long bytes) {
        return (bytes + profile.pageSizeBytes() - 1) / profile.pageSizeBytes();
    }

    private long advance(long t) {
        nowNs = Math.max(nowNs, t);
        return t;
    }

    private static void checkArguments(long arrivalNs, long bytes) {
        if (arrivalNs < 0 || bytes < 0) {
            throw new IllegalArgumentException("arrival time and byte count must be non-negative, got "
                    + arrivalNs + " ns and " + bytes + " bytes");
        }
    }

    /**
     * One execution's position in the pipeline; its batches book the drive's shared timelines and,
     * for its service time, the same batches on a drive of the same profile that runs nothing else.
     */
    private final class ModeledExecution implements Execution {
        private final long arrivalNs;
        /** The same work on an idle drive of its own; null in that drive's execution itself. */
        private final ModeledExecution alone;
        private final EnergyAccount account = new EnergyAccount();
        private long lastComputeNs;
        private long computeBeforeNs;
        private long endNs;
        private long pages;
        private boolean finished;

        ModeledExecution(long arrivalNs, ModeledExecution alone) {
            this.arrivalNs = arrivalNs;
            this.alone = alone;
            this.lastComputeNs = arrivalNs;
            this.computeBeforeNs = arrivalNs;
            this.endNs = arrivalNs;
        }

        @Override
        public void batch(long batchPages, long bytes, Meter delta) {
            if (batchPages < 0 || bytes < 0) {
                throw new IllegalArgumentException("batch pages and bytes must be non-negative, got "
                        + batchPages + " and " + bytes);
            }
            if (finished) {
                throw new IllegalStateException("execution already finished");
            }
            // double buffering: batch i+1 is read into the buffer batch i-1 has released
            long readFrom = profile.compute().overlapsFlashRead() ? computeBeforeNs : lastComputeNs;
            long read = readPages(readFrom, batchPages, true, account);
            long computed = cores.run(Math.max(read, lastComputeNs), delta, dram, account);
            computeBeforeNs = lastComputeNs;
            lastComputeNs = computed;
            pages += batchPages;
            endNs = advance(Math.max(endNs, computed));
            if (alone != null) {
                alone.batch(batchPages, bytes, delta);
            } else {
                forgetBefore(computeBeforeNs);
            }
        }

        @Override
        public void finish(long resultBytes) {
            if (resultBytes < 0) {
                throw new IllegalArgumentException("result bytes must be non-negative, got " + resultBytes);
            }
            if (finished) {
                throw new IllegalStateException("execution already finished");
            }
            finished = true;
            long resultPages = pagesOf(resultBytes);
            if (resultPages > 0) {
                long stored = flash.program(lastComputeNs, resultPages, account);
                stored = Math.max(stored, firmware.translate(lastComputeNs, resultPages, account));
                endNs = advance(Math.max(endNs, stored));
            }
            if (alone != null) {
                alone.finish(resultBytes);
            }
        }

        @Override
        public long modeledNs() {
            return endNs - arrivalNs;
        }

        @Override
        public long serviceNs() {
            return alone == null ? modeledNs() : alone.modeledNs();
        }

        @Override
        public long endNs() {
            return endNs;
        }

        @Override
        public long energyNj() {
            return account.nanojoules();
        }

        @Override
        public long estimateRemainingNs(long pagesLeft) {
            if (pagesLeft <= 0) {
                return 0;
            }
            if (pages == 0) {
                long perPage = Units.transferNs(profile.pageSizeBytes(), profile.scanReadBytesPerSec());
                return Math.multiplyExact(pagesLeft, perPage);
            }
            return Units.mulDiv(endNs - arrivalNs, pagesLeft, pages, RoundingMode.CEILING);
        }
    }
}

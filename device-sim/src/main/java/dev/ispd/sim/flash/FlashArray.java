package dev.ispd.sim.flash;

import dev.ispd.profile.FlashSpec;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;
import java.util.ArrayList;
import java.util.List;

/**
 * The flash array: channels, each a bus shared by its dies. Consecutive pages are striped over
 * channels first, then dies (the order of parallelism the thesis's page allocation uses,
 * minglani2018 3.3.1), from a cursor that moves on with every operation.
 *
 * <p>A page read holds its die for the read latency (sensing into the page register), then for
 * the transfer on the channel bus; a page program moves the page over the bus, then holds the
 * die for the program latency. Dies of a channel interleave their cell operations but one page
 * at a time crosses the bus (minglani2018 3.3.3), so a busy channel is bus-bound. The bus moves
 * pages at the channel bandwidth times the firmware efficiency (kang2013 V-B-1).
 *
 * <p>An operation is priced per channel, not per page: each channel's share of the pages is one
 * {@link ChannelRun}, so a 128-page batch costs a booking per die and per bus rather than
 * several per page.
 */
public final class FlashArray implements Powered {
    private final FlashSpec spec;
    private final FlashChannel[] channels;
    private final long transferNs;
    private final ChannelRun run;
    private long cursor;

    public FlashArray(FlashSpec spec) {
        this.spec = spec;
        this.channels = new FlashChannel[spec.channels()];
        for (int i = 0; i < channels.length; i++) {
            channels[i] = new FlashChannel("flash.channel." + i, spec.diesPerChannel());
        }
        this.transferNs = spec.pageTransferNs();
        this.run = new ChannelRun(spec.diesPerChannel(), transferNs);
    }

    /** Reads {@code pages} pages, none starting before {@code earliestNs}; returns when the last is off its bus. */
    public long read(long earliestNs, long pages, EnergyAccount account) {
        return operate(earliestNs, pages, false, account);
    }

    /** Programs {@code pages} pages, none starting before {@code earliestNs}; returns when the last is programmed. */
    public long program(long earliestNs, long pages, EnergyAccount account) {
        return operate(earliestNs, pages, true, account);
    }

    /** Books each channel's run of the operation's pages (ChannelRun); the channels work independently. */
    private long operate(long earliestNs, long pages, boolean program, EnergyAccount account) {
        int n = channels.length;
        long end = earliestNs;
        for (int c = 0; c < n && c < pages; c++) {
            long first = cursor + c;
            long count = (pages - c + n - 1) / n;
            FlashChannel ch = channels[(int) (first % n)];
            int firstDie = (int) (first / n % spec.diesPerChannel());
            long runEnd = program
                    ? run.program(ch, firstDie, count, spec.programLatencyNs(), earliestNs)
                    : run.read(ch, firstDie, count, spec.readLatencyNs(), earliestNs);
            end = Math.max(end, runEnd);
        }
        cursor += pages;
        long perPage = transferNs + (program ? spec.programLatencyNs() : spec.readLatencyNs());
        account.charge(spec.diePower(), pages * perPage);
        return end;
    }

    /** {@link Timeline#forgetBefore} on every bus and die. */
    public void forgetBefore(long ns) {
        for (FlashChannel ch : channels) {
            ch.bus.forgetBefore(ns);
            for (FlashDie d : ch.dies) {
                d.timeline.forgetBefore(ns);
            }
        }
    }

    @Override
    public Usage usage(long nowNs) {
        List<Usage> parts = new ArrayList<>(channels.length);
        for (FlashChannel ch : channels) {
            parts.add(ch.usage(spec.diePower(), nowNs));
        }
        return Usage.ofParts("flash", parts);
    }
}

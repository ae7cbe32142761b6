package dev.ispd.sim.flash;

import dev.ispd.profile.FlashSpec;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import java.util.ArrayList;
import java.util.List;

/**
 * The flash array: channels, each a bus shared by its dies. Consecutive pages are striped over
 * channels first, then dies (the order of parallelism the thesis's page allocation uses,
 * minglani2018 3.3.1), from a cursor that moves on with every operation.
 *
 * <p>A page read holds its die for the read latency (sensing into the page register), then for
 * the transfer on the channel bus, which may have to wait for the bus; a page program moves
 * the page over the bus, then holds the die for the program latency. Dies of a channel
 * interleave their cell operations but one page at a time crosses the bus (minglani2018
 * 3.3.3), so a busy channel is bus-bound. The bus moves pages at the channel bandwidth times the
 * firmware efficiency (kang2013 V-B-1).
 */
public final class FlashArray implements Powered {
    private final FlashSpec spec;
    private final FlashChannel[] channels;
    private final long transferNs;
    private long cursor;

    public FlashArray(FlashSpec spec) {
        this.spec = spec;
        this.channels = new FlashChannel[spec.channels()];
        for (int i = 0; i < channels.length; i++) {
            channels[i] = new FlashChannel("flash.channel." + i, spec.diesPerChannel());
        }
        this.transferNs = spec.pageTransferNs();
    }

    /** Reads {@code pages} pages, none starting before {@code earliestNs}; returns when the last is off its bus. */
    public long read(long earliestNs, long pages, EnergyAccount account) {
        long end = earliestNs;
        for (long p = 0; p < pages; p++) {
            FlashChannel ch = channels[(int) (cursor % channels.length)];
            FlashDie die = ch.dies[(int) (cursor / channels.length % spec.diesPerChannel())];
            cursor++;
            end = Math.max(end, readPage(ch, die, earliestNs, account));
        }
        return end;
    }

    /** Programs {@code pages} pages, none starting before {@code earliestNs}; returns when the last is programmed. */
    public long program(long earliestNs, long pages, EnergyAccount account) {
        long end = earliestNs;
        for (long p = 0; p < pages; p++) {
            FlashChannel ch = channels[(int) (cursor % channels.length)];
            FlashDie die = ch.dies[(int) (cursor / channels.length % spec.diesPerChannel())];
            cursor++;
            end = Math.max(end, programPage(ch, die, earliestNs, account));
        }
        return end;
    }

    private long readPage(FlashChannel ch, FlashDie die, long earliestNs, EnergyAccount account) {
        long sense = spec.readLatencyNs();
        long start = earliestNs;
        while (true) {
            start = die.timeline.firstFit(start, sense + transferNs);
            long onBus = ch.bus.firstFit(start + sense, transferNs);
            long hold = onBus + transferNs - start;
            long free = die.timeline.firstFit(start, hold);
            if (free == start) {
                die.timeline.reserve(start, hold);
                ch.bus.reserve(onBus, transferNs);
                return finish(die, sense + transferNs, account, onBus + transferNs);
            }
            start = free;
        }
    }

    private long programPage(FlashChannel ch, FlashDie die, long earliestNs, EnergyAccount account) {
        long cells = spec.programLatencyNs();
        long start = earliestNs;
        while (true) {
            long onBus = ch.bus.firstFit(start, transferNs);
            long free = die.timeline.firstFit(onBus, transferNs + cells);
            if (free == onBus) {
                ch.bus.reserve(onBus, transferNs);
                die.timeline.reserve(onBus, transferNs + cells);
                return finish(die, transferNs + cells, account, onBus + transferNs + cells);
            }
            start = free;
        }
    }

    private long finish(FlashDie die, long activeNs, EnergyAccount account, long endNs) {
        die.activeNs += activeNs;
        account.charge(spec.diePower(), activeNs);
        return endNs;
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

package dev.ispd.sim.flash;

import dev.ispd.sim.engine.Timeline;

/**
 * One die: it is held from the start of its cell operation until its page has crossed the
 * channel bus, but draws active power only while it senses, programs or transfers.
 */
final class FlashDie {
    final Timeline timeline = new Timeline();
    long activeNs;
}

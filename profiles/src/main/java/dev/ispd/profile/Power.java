package dev.ispd.profile;

import java.math.BigDecimal;

/**
 * Active and idle power of one unit of a component, in nanowatts (profiles give milliwatts;
 * nanowatts keep the thesis's 67 nW coprocessor leakage exact in integers). Energy follows the
 * thesis's method (papers/isp-architectures-minglani-thesis-2018.txt 3.3.4): active power x
 * active time + idle power x idle time.
 */
public record Power(long activeNw, long idleNw) {
    public Power {
        if (activeNw < 0 || idleNw < 0) {
            throw new IllegalArgumentException("power must be non-negative, got active " + activeNw + " nW, idle "
                    + idleNw + " nW");
        }
    }

    /** Energy of a unit busy for {@code busyNs} out of {@code spanNs}, idle the rest, in nJ. */
    public long energyNj(long busyNs, long spanNs) {
        if (busyNs < 0 || busyNs > spanNs) {
            throw new IllegalArgumentException("busy time " + busyNs + " ns is outside the span [0, " + spanNs + "] ns");
        }
        return Units.energyNj(activeNw, busyNs) + Units.energyNj(idleNw, spanNs - busyNs);
    }

    /** Energy of {@code ns} of activity, in nJ. */
    public long activeNj(long ns) {
        return Units.energyNj(activeNw, ns);
    }

    /** Milliwatts as plain decimal text, for capabilities and reports. */
    public static String milliwattsText(long nanowatts) {
        return BigDecimal.valueOf(nanowatts).movePointLeft(6).stripTrailingZeros().toPlainString();
    }
}

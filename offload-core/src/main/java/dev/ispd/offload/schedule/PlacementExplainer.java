package dev.ispd.offload.schedule;

import dev.ispd.offload.model.LocalHost;
import java.util.List;
import java.util.Locale;

/**
 * The placement table of a plan, for "explain": per split its drive, placement, each side's
 * predicted time and energy, the basis each prediction rests on (the profiles alone, or the
 * profiles corrected by modeled or measured observations, by how much and from how many
 * samples) and the scheduler's reason. Nothing runs.
 */
public final class PlacementExplainer {
    private final SchedulerConfig config;
    private final CorrectionBook book;
    private final String tasklet;
    private final String shape;

    /** For the splits of {@code tasklet} (measured entries filed under {@code shape}), planned with {@code book}. */
    public PlacementExplainer(SchedulerConfig config, CorrectionBook book, String tasklet, String shape) {
        this.config = config;
        this.book = book;
        this.tasklet = tasklet;
        this.shape = shape;
    }

    /** The table of {@code decisions}, the drive of each at the same index in {@code driveAddresses}. */
    public String table(List<Decision> decisions, List<String> driveAddresses) {
        if (decisions.size() != driveAddresses.size()) {
            throw new IllegalArgumentException(decisions.size() + " decision(s) but " + driveAddresses.size()
                    + " drive address(es)");
        }
        StringBuilder out = new StringBuilder();
        List<String> drives = driveAddresses.stream().distinct().toList();
        SharedCores shared = SharedCores.of(config, drives);
        out.append(String.format(Locale.ROOT, "policy %s, cost basis %s, host profile %s, correction %s, host slots %d%s%n",
                config.policy(), config.basis(), config.hostProfile().name(), config.correction() ? "on" : "off",
                HostSlots.of(config, drives), shared.any() ? "; " + shared.note() : ""));
        out.append(String.format(Locale.ROOT, "%5s %5s %-9s %10s %10s %-32s %10s %10s %-32s %s%n", "split", "drive",
                "placement", "host s", "host J", "host basis", "device s", "device J", "device basis", "reason"));
        for (int i = 0; i < decisions.size(); i++) {
            Decision d = decisions.get(i);
            String address = driveAddresses.get(i);
            out.append(String.format(Locale.ROOT, "%5d %5d %-9s %10.3f %10.3f %-32s %10.3f %10.3f %-32s %s%n",
                    d.index(), d.drive(), d.placement(), d.host().timeNs() / 1e9, d.host().energyNj() / 1e9,
                    basis(Placement.HOST, address), d.device().timeNs() / 1e9, d.device().energyNj() / 1e9,
                    basis(Placement.DEVICE, address, shared.pool(drives, drives.indexOf(address))), d.reason()));
        }
        return out.toString();
    }

    /** What a prediction at {@code p} for a split on the drive at {@code address} (on drives of its own) rests on. */
    String basis(Placement p, String address) {
        return basis(p, address, List.of(address));
    }

    /**
     * What a prediction at {@code p} for a split on the drive at {@code address} rests on, its
     * measured wall clocks pooled over the drives at {@code pool} ({@link SharedCores#pool}).
     */
    String basis(Placement p, String address, List<String> pool) {
        if (!config.correction()) {
            return "profile (correction off)";
        }
        boolean host = p == Placement.HOST;
        if (config.basis() == CostBasis.MEASURED) {
            CorrectionBook.MeasuredCorrection m = host ? book.measuredHost(shape, LocalHost.name())
                    : book.measuredDevice(shape, address, pool);
            if (m.samples() == 0) {
                return "profile (no samples)";
            }
            return String.format(Locale.ROOT, "measured time x%.3f (%d samples%s)", m.correction().time(), m.samples(),
                    m.otherShapes() ? " of other shapes" : m.drives() > 1 ? " of " + m.drives() + " drives" : "");
        }
        CorrectionBook.Entry e = book.entries().get(host ? CorrectionBook.hostKey(tasklet)
                : CorrectionBook.deviceKey(tasklet, address));
        if (e == null || e.samples() == 0) {
            return "profile (no samples)";
        }
        return String.format(Locale.ROOT, "%s time x%.3f (%d samples)", config.basis(), e.time(), e.samples());
    }
}

package dev.ispd.offload.schedule;

import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.model.LocalHost;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places each split of a job on the host or inside its drive, by the configured policy, from
 * predicted costs ({@link CostModel}) on a model of the whole plan ({@link PlanModel}), and
 * corrects later predictions by what finished splits cost ({@link #observe}). Every decision is
 * logged at INFO with both predicted costs and the reason; docs/hadoop.md, "Offload scheduler".
 * Thread-safe: plans and observations may come from different threads.
 */
public final class OffloadScheduler {
    private static final Logger LOG = LoggerFactory.getLogger(OffloadScheduler.class);
    /**
     * On the measured basis, fastest takes work off the drives only for a clear gain: every split
     * on the host only if that is predicted to finish at least this share sooner than every split
     * in the drives, and a mix of host and device splits only if it is predicted this much sooner
     * than the static plan so chosen. Wall-clock predictions are this noisy on a busy machine, and
     * host splits cost what the plan model does not see: they take the cores the engine's own work
     * on the rows (and the drives' clients) use beside them, while the drives spare the host.
     */
    static final double MEASURED_MIX_MARGIN = 0.10;

    private final SchedulerConfig config;
    private final CostModel costs;
    private final PlanModel planModel;
    private final CorrectionBook corrections;
    private final String hostKey;
    private final List<String> deviceKeys;
    private final String shape;
    private final String hostName;
    private final List<String> driveAddresses;
    private final String measuredHostKey;
    private final List<String> measuredDeviceKeys;
    private final long[] backlogNs;
    private final int hostSlots;
    private final SharedCores shared;

    OffloadScheduler(SchedulerConfig config, List<DriveCapabilities> drives, long[] driveBacklogNs,
                     CorrectionBook corrections, String tasklet, String shape, List<String> driveAddresses,
                     int machineCores) {
        if (driveAddresses.size() != drives.size()) {
            throw new IllegalArgumentException(drives.size() + " drive(s) reported capabilities but "
                    + driveAddresses.size() + " address(es) were given");
        }
        if (driveBacklogNs.length != drives.size()) {
            throw new IllegalArgumentException(drives.size() + " drive(s) reported capabilities but " + driveBacklogNs.length
                    + " backlog(s) were given");
        }
        for (int d = 0; d < driveBacklogNs.length; d++) {
            if (driveBacklogNs[d] < 0) {
                throw new IllegalArgumentException("drive " + d + ": backlog must be non-negative, got " + driveBacklogNs[d] + " ns");
            }
        }
        this.config = config;
        this.costs = new CostModel(new HostModel(config.hostProfile()), drives);
        // a drive that is down runs nothing and draws nothing the plan could change
        long[] flash = drives.stream().mapToLong(c -> c == null ? 1 : c.flashReadBytesPerSec()).toArray();
        long idleNw = config.hostProfile().power().idleNw()
                + drives.stream().filter(Objects::nonNull).mapToLong(DriveCapabilities::idleNw).sum();
        this.hostSlots = HostSlots.of(config, driveAddresses);
        this.shared = SharedCores.of(config, driveAddresses, machineCores);
        this.planModel = new PlanModel(hostSlots, driveBacklogNs, flash, idleNw, shared);
        this.backlogNs = driveBacklogNs.clone();
        this.corrections = corrections;
        this.hostKey = CorrectionBook.hostKey(tasklet);
        this.deviceKeys = driveAddresses.stream().map(a -> CorrectionBook.deviceKey(tasklet, a)).toList();
        this.shape = shape;
        this.hostName = LocalHost.name();
        this.driveAddresses = List.copyOf(driveAddresses);
        this.measuredHostKey = CorrectionBook.measuredHostKey(shape, hostName);
        this.measuredDeviceKeys = driveAddresses.stream().map(a -> CorrectionBook.measuredDeviceKey(shape, a)).toList();
    }

    /**
     * A scheduler with {@code config}, for drives that reported {@code driveCapabilities} in
     * DEVICE_INFO (index = drive number) and have {@code driveBacklogNs} of work already queued;
     * a {@code null} entry is a drive that is down (it did not answer): no split runs there.
     * Bad capabilities are an IllegalArgumentException naming the drive and the value. Its
     * corrections start neutral and live in this instance only.
     */
    public static OffloadScheduler create(SchedulerConfig config, List<Map<String, String>> driveCapabilities,
                                          long[] driveBacklogNs) {
        List<String> anonymous = new ArrayList<>();
        for (int d = 0; d < driveCapabilities.size(); d++) {
            anonymous.add("drive" + d);
        }
        return create(config, driveCapabilities, driveBacklogNs, new CorrectionBook(), "", anonymous);
    }

    /**
     * As {@link #create(SchedulerConfig, List, long[])}, for splits of {@code tasklet} on drives
     * at {@code driveAddresses} (index = drive number), with the corrections of
     * {@code corrections} (shared: {@link #observe} updates it).
     */
    public static OffloadScheduler create(SchedulerConfig config, List<Map<String, String>> driveCapabilities,
                                          long[] driveBacklogNs, CorrectionBook corrections, String tasklet,
                                          List<String> driveAddresses) {
        return create(config, driveCapabilities, driveBacklogNs, corrections, tasklet, tasklet, driveAddresses);
    }

    /**
     * As {@link #create(SchedulerConfig, List, long[], CorrectionBook, String, List)}, with the
     * measured basis's corrections filed under the plan shape {@code shape} (a plan's name alone
     * does not say what it does).
     */
    public static OffloadScheduler create(SchedulerConfig config, List<Map<String, String>> driveCapabilities,
                                          long[] driveBacklogNs, CorrectionBook corrections, String tasklet,
                                          String shape, List<String> driveAddresses) {
        return create(config, driveCapabilities, driveBacklogNs, corrections, tasklet, shape, driveAddresses,
                SharedCores.machineCores());
    }

    /**
     * As {@link #create(SchedulerConfig, List, long[], CorrectionBook, String, String, List)} on a
     * machine of {@code machineCores} cores, which drives on it share with the host's splits
     * ({@link SharedCores}).
     */
    static OffloadScheduler create(SchedulerConfig config, List<Map<String, String>> driveCapabilities,
                                   long[] driveBacklogNs, CorrectionBook corrections, String tasklet, String shape,
                                   List<String> driveAddresses, int machineCores) {
        List<DriveCapabilities> drives = new ArrayList<>();
        for (int d = 0; d < driveCapabilities.size(); d++) {
            Map<String, String> caps = driveCapabilities.get(d);
            drives.add(caps == null ? null : DriveCapabilities.parse(d, caps));
        }
        return new OffloadScheduler(config, drives, driveBacklogNs, corrections, tasklet, shape, driveAddresses,
                machineCores);
    }

    public Policy policy() {
        return config.policy();
    }

    /**
     * One decision per split, in split-index order; each is logged at DEBUG, then a summary line at
     * INFO (a job or scan of many splits writes one line where users look). A split
     * runs on one of its {@link SplitWork#replicaDrives()} (see {@link #onLeastLoadedReplicas}).
     */
    public List<Decision> plan(List<SplitWork> splits) {
        List<SplitWork> ordered = onLeastLoadedReplicas(inIndexOrder(splits));
        SplitCosts[] predicted = predictAll(ordered);
        Choice choice = choose(ordered, predicted);
        Placement[] placement = choice.placement();
        List<Decision> decisions = explain(ordered, predicted, placement, choice);
        decisions.forEach(d -> LOG.debug("split {} -> {} drive {}: device {}, host {}, policy {}: {}", d.index(), d.placement(),
                d.drive(), d.device(), d.host(), d.policy(), d.reason()));
        PlanModel.Evaluation e = planModel.evaluate(ordered, predicted, placement);
        long onDevice = decisions.stream().filter(d -> d.placement() == Placement.DEVICE).count();
        LOG.info("offload plan ({}){}: {} split(s), {} on devices, {} on the host ({} slot(s){}); modeled makespan {}, "
                + "energy {}{}{}", config.policy(), shape.isEmpty() ? "" : " of " + shape, decisions.size(), onDevice, decisions.size() - onDevice, hostSlots,
                shared.any() ? "; " + shared.note() : "",
                Format.seconds(e.makespanNs()),
                Format.joules(e.energyNj()), choice.marginNote().isEmpty() ? "" : "; " + choice.marginNote(),
                choice.probe() == null ? "" : "; split " + ordered.get(choice.probe().position()).index() + " "
                        + choice.probe().reason());
        return decisions;
    }

    /**
     * Corrects later predictions with a finished split's cost, measured as the decision's
     * {@link Baseline} predicts it: a host split's HostModel time and added host energy; a device
     * split's execution as POLL reports it (scan and result program, the drive's energy). The
     * ratio is kept per (placement, drive, tasklet) in the {@link CorrectionBook}; it is applied to
     * later plans when ispd.offload.correction is true.
     */
    public void observe(Decision d, Cost observed) {
        corrections.observe(key(d.placement(), d.drive()), d.baseline().of(d.placement()), observed);
    }

    /**
     * As {@link #observe(Decision, Cost)}, and for the measured basis the split's wall clock
     * ({@code measuredNs}: a device split's from EXECUTE sent to its result read, or the host run's
     * elapsed time) against its uncorrected prediction ({@link Baseline#measuredOf}: a device split
     * whole), filed per drive, per host (this one) and plan shape.
     */
    public void observe(Decision d, Cost observed, long measuredNs) {
        observe(d, observed);
        String key = d.placement() == Placement.HOST ? measuredHostKey : measuredDeviceKeys.get(d.drive());
        corrections.observeMeasured(key, d.baseline().measuredOf(d.placement()), measuredNs);
    }

    /** The key of this scheduler's splits at {@code p} on drive {@code drive} in its {@link CorrectionBook}. */
    public String key(Placement p, int drive) {
        costs.drive(drive); // checks the drive number
        return p == Placement.HOST ? hostKey : deviceKeys.get(drive);
    }

    /**
     * The predicted costs of one split, corrected if correction is on: by the modeled costs of
     * finished splits, or with the measured basis their times by the wall clock they took on this
     * host and on the split's drive, a device split whole (energies still by the modeled costs;
     * {@link SplitCosts#corrected}); a side with no wall
     * clock of this plan shape yet takes what the host or drive measured for other shapes where
     * that makes it slower than its profile ({@link CorrectionBook#measuredHost}).
     */
    SplitCosts predict(SplitWork split) {
        SplitCosts raw = costs.predict(split);
        if (!config.correction()) {
            return raw;
        }
        Correction host = corrections.peek(hostKey);
        Correction device = corrections.peek(key(Placement.DEVICE, split.drive()));
        if (config.basis() == CostBasis.MEASURED) {
            host = corrections.measuredHost(shape, hostName).correction().withEnergyOf(host);
            device = corrections.measuredDevice(shape, driveAddresses.get(split.drive()),
                    shared.pool(driveAddresses, split.drive())).correction().withEnergyOf(device);
        }
        return raw.corrected(host, device, config.basis());
    }

    /**
     * Decisions with reasons: the plan's figures against those with only this split moved; the
     * margin's note, or the probe's reason for the split that re-measures the other side.
     */
    private List<Decision> explain(List<SplitWork> splits, SplitCosts[] predicted, Placement[] placement,
                                   Choice choice) {
        String marginNote = choice.marginNote();
        PlanModel.Evaluation chosen = planModel.evaluate(splits, predicted, placement);
        PlanModel.State[] prefix = config.policy().isStatic() || !marginNote.isEmpty() ? null
                : planModel.prefixes(splits, predicted, placement);
        List<Decision> out = new ArrayList<>(splits.size());
        for (int i = 0; i < placement.length; i++) {
            SplitWork s = splits.get(i);
            String reason;
            if (config.policy().isStatic()) {
                reason = "every split on the " + (placement[i] == Placement.HOST ? "host" : "device");
            } else if (choice.probe() != null && choice.probe().position() == i) {
                reason = choice.probe().reason();
            } else if (!marginNote.isEmpty()) {
                reason = marginNote;
            } else {
                placement[i] = placement[i].other();
                PlanModel.Evaluation moved = planModel.continueFrom(prefix[i], i, splits, predicted, placement)
                        .evaluation();
                placement[i] = placement[i].other();
                reason = reason(placement[i], chosen, moved, i);
            }
            out.add(new Decision(s.index(), s.drive(), placement[i], predicted[i].host(), predicted[i].device(),
                    config.policy().key(), reason, predicted[i].baseline()));
        }
        return out;
    }

    private String reason(Placement p, PlanModel.Evaluation chosen, PlanModel.Evaluation moved, int i) {
        String other = p.other().name();
        return verdict(chosen, moved) + ": plan makespan " + Format.seconds(chosen.makespanNs()) + " / energy " + Format.joules(chosen.energyNj())
                + " vs " + Format.seconds(moved.makespanNs()) + " / " + Format.joules(moved.energyNj()) + " with it on "
                + other + " (starts after " + Format.seconds(chosen.startNs()[i]) + " of queue vs "
                + Format.seconds(moved.startNs()[i]) + ")";
    }

    /** The placements {@link #plan} would choose, in split-index order, without decisions or logging. */
    Placement[] placements(List<SplitWork> splits) {
        List<SplitWork> ordered = onLeastLoadedReplicas(inIndexOrder(splits));
        return choose(ordered, predictAll(ordered)).placement();
    }

    /**
     * A plan, why the margin kept it static instead of the planner's mix (empty: it did not), and
     * the split that re-measures the side the plan does not use (null: none).
     */
    private record Choice(Placement[] placement, String marginNote, SideProbe.Probe probe) {
        Choice(Placement[] placement, String marginNote) {
            this(placement, marginNote, null);
        }
    }

    /**
     * The policy's plan ({@link Planner}); for fastest on the measured basis, the static plan it
     * trusts ({@link #trustedStatic}) instead of a plan predicted to win less than
     * {@link #MEASURED_MIX_MARGIN} over it, with one split on the other side if that side needs
     * measuring ({@link SideProbe}).
     */
    private Choice choose(List<SplitWork> ordered, SplitCosts[] predicted) {
        if (config.policy() != Policy.FASTEST || config.basis() != CostBasis.MEASURED) {
            return new Choice(new Planner(planModel).plan(config.policy(), config.weight(), ordered, predicted), "");
        }
        Choice c = measuredChoice(ordered, predicted);
        Placement[] p = c.placement();
        if (!config.correction() || mixed(p)) {
            return c;
        }
        Placement other = p[0].other();
        long[] placeSamples = ordered.stream().mapToLong(w -> corrections.peek(other == Placement.HOST ? measuredHostKey
                : measuredDeviceKeys.get(w.drive())).samples()).toArray();
        SideProbe.Probe probe = SideProbe.of(planModel, ordered, predicted, p,
                corrections.measuredSamples(shape, p[0]), corrections.measuredSamples(shape, other), placeSamples);
        if (probe == null) {
            return c;
        }
        Placement[] probed = p.clone();
        probed[probe.position()] = probe.side();
        return new Choice(probed, c.marginNote(), probe);
    }

    /**
     * Fastest's plan on the measured basis: the planner's, or the static plan it trusts more. The
     * planner's search is left out where no plan could win the margin: the plan model's floor
     * ({@link PlanModel#floorNs}) is already within it of the trusted plan (the drives on the
     * host's cores, every split cheaper in its drive: the usual case once the drives are measured).
     */
    private Choice measuredChoice(List<SplitWork> ordered, SplitCosts[] predicted) {
        Placement[] trusted = trustedStatic(ordered, predicted);
        long trustedNs = planModel.evaluate(ordered, predicted, trusted).makespanNs();
        String side = trusted[0].name().toLowerCase(Locale.ROOT);
        long floorNs = planModel.floorNs(ordered, predicted);
        if (floorNs >= (1 - MEASURED_MIX_MARGIN) * trustedNs) {
            return new Choice(trusted, String.format(Locale.ROOT, "every split on the %s (plan makespan %s): no plan "
                    + "can be %d%% sooner on the measured basis (none under %s)", side, Format.seconds(trustedNs),
                    Math.round(MEASURED_MIX_MARGIN * 100), Format.seconds(floorNs)));
        }
        Placement[] planned = new Planner(planModel).plan(config.policy(), config.weight(), ordered, predicted);
        long plannedNs = planModel.evaluate(ordered, predicted, planned).makespanNs();
        if (Arrays.equals(planned, trusted) || plannedNs < (1 - MEASURED_MIX_MARGIN) * trustedNs) {
            return new Choice(planned, "");
        }
        String rather = mixed(planned) ? "a mix of host and device" : "on the host";
        String must = mixed(planned) ? "a mix" : "the host";
        return new Choice(trusted, String.format(Locale.ROOT, "every split on the %s (plan makespan %s) rather than "
                + "%s (%s): on the measured basis %s must be %d%% sooner", side, Format.seconds(trustedNs), rather,
                Format.seconds(plannedNs), must, Math.round(MEASURED_MIX_MARGIN * 100)));
    }

    /**
     * The static plan fastest keeps on the measured basis unless another wins clearly: every split
     * on the host if that is predicted {@link #MEASURED_MIX_MARGIN} sooner than every split in the
     * drives, else every split in the drives.
     */
    private Placement[] trustedStatic(List<SplitWork> ordered, SplitCosts[] predicted) {
        Placement[] devices = Planner.filled(ordered.size(), Placement.DEVICE);
        Placement[] hosts = Planner.filled(ordered.size(), Placement.HOST);
        long devicesNs = planModel.evaluate(ordered, predicted, devices).makespanNs();
        long hostsNs = planModel.evaluate(ordered, predicted, hosts).makespanNs();
        return hostsNs < (1 - MEASURED_MIX_MARGIN) * devicesNs ? hosts : devices;
    }

    private static boolean mixed(Placement[] plan) {
        return Arrays.stream(plan).anyMatch(p -> p != plan[0]);
    }

    /**
     * Each split (in index order) on the least loaded drive that is up and holds a replica of it:
     * the one where it would finish first, counting the drive's backlog and the device time of the
     * splits already put there (whatever placement they get later, their bytes come from that
     * drive); ties go to the earlier replica, the writer's first choice. A split with one replica
     * stays where it is. A split whose every replica is on a drive that is down is an
     * IllegalArgumentException naming them.
     */
    private List<SplitWork> onLeastLoadedReplicas(List<SplitWork> splits) {
        long[] load = backlogNs.clone();
        List<SplitWork> out = new ArrayList<>(splits.size());
        for (SplitWork s : splits) {
            SplitWork best = null;
            long bestFinish = 0;
            for (int d : s.replicaDrives()) {
                if (!costs.isUp(d)) {
                    continue;
                }
                SplitWork on = s.on(d);
                long finish = load[d] + predict(on).device().timeNs();
                if (best == null || finish < bestFinish) {
                    best = on;
                    bestFinish = finish;
                }
            }
            if (best == null) {
                throw new IllegalArgumentException("split " + s.index() + ": every drive holding it is down "
                        + s.replicaDrives());
            }
            load[best.drive()] = bestFinish;
            out.add(best);
        }
        return out;
    }

    private static List<SplitWork> inIndexOrder(List<SplitWork> splits) {
        return splits.stream().sorted(Comparator.comparingInt(SplitWork::index)).toList();
    }

    /** What the planned placement wins over moving only this split, by the policy's objective. */
    private String verdict(PlanModel.Evaluation chosen, PlanModel.Evaluation moved) {
        int time = Long.compare(chosen.makespanNs(), moved.makespanNs());
        int energy = Long.compare(chosen.energyNj(), moved.energyNj());
        return switch (config.policy()) {
            case LEAST_ENERGY -> energy < 0 ? "less energy" : energy == 0 && time < 0 ? "same energy, finishes sooner"
                    : "no single move saves energy";
            case WEIGHTED -> "weighted time and energy (weight " + config.weight() + ") no worse than with it moved";
            default -> time < 0 ? "finishes sooner" : time == 0 && energy < 0 ? "same makespan, less energy"
                    : "no single move finishes sooner";
        };
    }

    /**
     * The plan model's makespan for {@code splits} placed as {@code decisions} (what {@link #plan}
     * returned for them) place them: what the scheduler predicts the job takes, as it logs it.
     */
    public long makespanNs(List<SplitWork> splits, List<Decision> decisions) {
        List<SplitWork> ordered = onLeastLoadedReplicas(inIndexOrder(splits));
        if (decisions.size() != ordered.size()) {
            throw new IllegalArgumentException(decisions.size() + " decision(s) for " + ordered.size() + " split(s)");
        }
        Placement[] placement = new Placement[ordered.size()];
        for (int i = 0; i < placement.length; i++) {
            Decision d = decisions.get(i);
            if (d.index() != ordered.get(i).index()) {
                throw new IllegalArgumentException("decision " + i + " is for split " + d.index() + ", not split "
                        + ordered.get(i).index() + ": give the decisions plan() returned, in its order");
            }
            placement[i] = d.placement();
        }
        return planModel.evaluate(ordered, predictAll(ordered), placement).makespanNs();
    }

    /** The plan model's figures for an assignment of splits given in index order (for benchmarks and tests). */
    PlanModel.Evaluation evaluate(List<SplitWork> splits, Placement[] placement) {
        return planModel.evaluate(splits, predictAll(splits), placement);
    }

    /** The (corrected) predictions of splits in the given order, for repeated evaluation on {@link #planModel()}. */
    SplitCosts[] predictAll(List<SplitWork> splits) {
        return splits.stream().map(this::predict).toArray(SplitCosts[]::new);
    }

    PlanModel planModel() {
        return planModel;
    }
}

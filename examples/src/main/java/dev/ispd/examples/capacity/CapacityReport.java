package dev.ispd.examples.capacity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one {@code plan-capacity} run computed: what it planned for ({@code run}), each job's
 * plan, the inputs with their sources, and, for the paper's jobs, the published points beside
 * ours; the TCO table when prices were given; the planner against the offload scheduler's
 * makespan when asked ({@code --check-scheduler}). {@code run} keeps its keys' order. Modeled and analytical figures only, so two runs
 * with the same options are equal.
 *
 * @param inputs the numbers the plans rest on: {@link PaperNumber}s, or the profiles' parameters
 */
public record CapacityReport(Map<String, Object> run, List<JobPlan> jobs, List<?> inputs,
                             List<PublishedPoint> points, List<Tco.Row> tco, List<SchedulerAgreement.Case> scheduler) {
    public CapacityReport {
        run = Collections.unmodifiableMap(new LinkedHashMap<>(run));
        jobs = List.copyOf(jobs);
        inputs = List.copyOf(inputs);
        points = List.copyOf(points);
        tco = List.copyOf(tco);
        scheduler = List.copyOf(scheduler);
    }
}

package dev.ispd.examples.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code capacity.json}: the run, then per job its inputs (T_D, T_C, T'_D, T'_C, K, a, b),
 * its time table and break-evens, then the inputs' sources, the published points, the TCO and
 * the comparison with the offload scheduler.
 */
final class CapacityJson {
    static final String FILE = "capacity.json";

    private CapacityJson() {
    }

    static void write(CapacityReport r, Path dir) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve(FILE).toFile(), tree(r));
    }

    static Map<String, Object> tree(CapacityReport r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", r.run());
        List<Map<String, Object>> jobs = new ArrayList<>();
        for (JobPlan j : r.jobs()) {
            Map<String, Object> job = new LinkedHashMap<>();
            job.put("id", j.id());
            job.put("title", j.title());
            job.put("plots", List.of(j.id() + ".png", j.id() + ".svg"));
            job.put("model", j.plan());
            job.put("cores", j.cores());
            job.put("rows", j.rows());
            job.put("breakEven", j.breakEvens());
            jobs.add(job);
        }
        root.put("jobs", jobs);
        root.put("inputs", r.inputs());
        root.put("points", r.points());
        root.put("pointsHolding", r.points().stream().filter(PublishedPoint::holds).count());
        root.put("tco", r.tco());
        root.put("scheduler", r.scheduler());
        return root;
    }
}

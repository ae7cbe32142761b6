package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.eq;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;

import java.nio.file.Path;
import java.util.List;

/** The plan test vectors of docs/protocol/vectors.md ("Plans"): each file and the plan it encodes. */
final class PlanVectors {
    /** The directory, from the tasklets module or the repository root. */
    static final Path DIR = Path.of("..", "docs", "protocol", "vectors", "plan");

    record Vector(String file, Plan plan) { }

    /** A user layout with every kind of field: signed little-endian, unsigned 8-byte, nullable, a bit range. */
    static final Layout SENSOR = new Layout("sensor", 12, List.of(
            new Field("temp", 0, 2, true, false, 0, 0, false, 0),
            new Field("serial", 2, 8, false, true, 0, 0, false, 0),
            new Field("level", 10, 1, false, true, 0, 0, true, 255),
            Field.bits("low", 10, 1, 0, 4)));

    private PlanVectors() {
    }

    static List<Vector> all() {
        return List.of(
                new Vector("plan_01_q1.bin", Plan.aggregate(Layout.worldCup98(256), null, List.of("region"),
                        List.of(Aggregate.countStar()))),
                new Vector("plan_02_q2.bin", Plan.aggregate(Layout.worldCup98(20), null, List.of("region", "type"),
                        List.of(Aggregate.countStar()))),
                new Vector("plan_03_filter_rows.bin", Plan.rows(Layout.worldCup98(32),
                        and(eq("type", 0), or(in("region", 1, 3), not(between("size", 100, 2000)))),
                        List.of("timestamp", "clientID")).limit(1000)),
                new Vector("plan_04_user_layout_top_n.bin", Plan.rows(SENSOR,
                        or(isNull("level"), compare("temp", CompareOp.LT, -5)), List.of("temp", "serial"))
                        .top(10, "serial", true)),
                new Vector("plan_05_user_layout_aggregates.bin", Plan.aggregate(SENSOR, null, List.of("low"),
                        List.of(Aggregate.countStar(), Aggregate.count("level"), Aggregate.sum("temp"),
                                Aggregate.min("level"), Aggregate.max("temp")))));
    }
}

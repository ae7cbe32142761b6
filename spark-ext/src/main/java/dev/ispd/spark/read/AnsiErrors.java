package dev.ispd.spark.read;

import dev.ispd.plan.PlanArithmeticException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.QueryContext;
import org.apache.spark.SparkArithmeticException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import scala.jdk.javaapi.CollectionConverters;

/**
 * An ANSI arithmetic error of a pushed expression as Spark raises it over its own sources: a
 * {@link SparkArithmeticException} with Spark's error condition ({@code ARITHMETIC_OVERFLOW},
 * {@code DIVIDE_BY_ZERO}, {@code REMAINDER_BY_ZERO},
 * {@code NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION}, {@code CAST_OVERFLOW}), so its SQLSTATE, and
 * its message parameters: the plan's ({@link PlanArithmeticException#parameters()}) and the ANSI
 * setting's name. The plan's error, which names the expression, is its cause. A drive refuses a
 * run that fails so (TASKLET_FAILED) and the host runs it again, where the plan's error is raised
 * in the JVM: so every policy ends here.
 */
final class AnsiErrors {
    private static final String ANSI_SETTING = "\"spark.sql.ansi.enabled\"";

    private AnsiErrors() {
    }

    /** Spark's exception for the plan's arithmetic error among {@code e}'s causes, or null: there is none. */
    static SparkArithmeticException of(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof PlanArithmeticException p) {
                return asSpark(p);
            }
        }
        return null;
    }

    private static SparkArithmeticException asSpark(PlanArithmeticException e) {
        Map<String, String> parameters = new HashMap<>(e.parameters());
        String condition = e.errorClass();
        if (condition.equals("NUMERIC_VALUE_OUT_OF_RANGE")) {
            condition += ".WITH_SUGGESTION";
        }
        parameters.put(condition.equals("CAST_OVERFLOW") ? "ansiConfig" : "config", ANSI_SETTING);
        SparkArithmeticException spark = new SparkArithmeticException(condition,
                scala.collection.immutable.Map.from(CollectionConverters.asScala(parameters)), new QueryContext[0], "");
        spark.initCause(e);
        return spark;
    }

    /** {@code reader}, raising Spark's exception for a plan's arithmetic error ({@link #of}). */
    static <T> PartitionReader<T> raisedAsSpark(PartitionReader<T> reader) {
        return new PartitionReader<>() {
            @Override
            public boolean next() throws IOException {
                try {
                    return reader.next();
                } catch (IOException | RuntimeException e) {
                    SparkArithmeticException spark = of(e);
                    if (spark != null) {
                        throw spark;
                    }
                    throw e;
                }
            }

            @Override
            public T get() {
                return reader.get();
            }

            @Override
            public CustomTaskMetric[] currentMetricsValues() {
                return reader.currentMetricsValues();
            }

            @Override
            public void close() throws IOException {
                reader.close();
            }
        };
    }
}

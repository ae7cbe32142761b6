package dev.ispd.spark;

import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import scala.Option;

/**
 * The connector's errors about a read Spark must not start: an {@link AnalysisException} thrown on
 * the driver while the query is analysed or planned, with a message naming the option, field or
 * path that was wrong, never a task failure on an executor.
 *
 * <p>AnalysisException is a checked exception to Java but not to Scala, and Spark's interfaces
 * (TableProvider, ScanBuilder) declare none; Spark's own sources throw it from the same methods.
 * So {@link #analysis} throws it unchecked: {@code throw analysis("...")}.
 */
public final class ConnectorErrors {
    private ConnectorErrors() {
    }

    /** Throws an AnalysisException with {@code message}; declared to return one so callers can write {@code throw}. */
    public static RuntimeException analysis(String message) {
        return analysis(message, null);
    }

    /** Throws an AnalysisException with {@code message} (prefixed "ispd: ") and {@code cause}, if not null. */
    public static RuntimeException analysis(String message, Throwable cause) {
        scala.collection.immutable.Map<String, String> noParameters = scala.collection.immutable.Map$.MODULE$.empty();
        throw ConnectorErrors.<RuntimeException>unchecked(new AnalysisException("ispd: " + message, Option.empty(),
                Option.empty(), Option.apply(cause), Option.empty(), noParameters, new QueryContext[0]));
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T unchecked(Throwable t) throws T {
        throw (T) t;
    }
}

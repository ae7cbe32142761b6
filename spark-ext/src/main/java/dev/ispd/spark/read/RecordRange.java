package dev.ispd.spark.read;

import java.io.Serial;
import java.util.Arrays;
import java.util.Objects;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition: whole records of one file, bytes [start, start + length), and the hosts
 * of the drives holding them, which Spark prefers for the task. Carries only resolved values, so
 * it ships to executors as is.
 */
public record RecordRange(String file, long start, long length, String[] hosts) implements InputPartition {
    @Serial
    private static final long serialVersionUID = 1L;

    public RecordRange {
        hosts = hosts.clone();
    }

    @Override
    public String[] preferredLocations() {
        return hosts.clone();
    }

    public long end() {
        return start + length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordRange r && r.file.equals(file) && r.start == start && r.length == length
                && Arrays.equals(r.hosts, hosts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, start, length, Arrays.hashCode(hosts));
    }

    @Override
    public String toString() {
        return file + " [" + start + ", " + end() + ") on " + Arrays.toString(hosts);
    }
}

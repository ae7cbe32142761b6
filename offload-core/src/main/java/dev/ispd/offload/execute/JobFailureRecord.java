package dev.ispd.offload.execute;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ispd.offload.storage.SharedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the task JVMs of one job (YARN containers, Spark executors) share the drive failures each
 * saw, so that once the job's failures on a drive reach the threshold every later split of the
 * job avoids it, in whichever JVM it runs ({@link DriveFailures}). A folder per job,
 * {@code <root>/<job>/}, holds one small JSON file per writer (a task attempt, an executor),
 * {@code {"tcp:10.0.0.1:7070": 2}}: the failures per drive address that writer saw, rewritten
 * when it sees another. A JVM reads the folder at most once per {@link #refresh()} interval. The
 * engine deletes the folder when the job ends ({@link #delete}).
 */
public final class JobFailureRecord {
    private static final Logger LOG = LoggerFactory.getLogger(JobFailureRecord.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SUFFIX = ".json";

    private final SharedFiles files;
    private final String dir;
    private final String writer;
    private final Duration refresh;

    /**
     * The record of {@code job} under {@code root} on {@code files}, written by {@code writer}
     * (a name no other task JVM of the job uses), read again after {@code refresh}.
     */
    public JobFailureRecord(SharedFiles files, String root, String job, String writer, Duration refresh) {
        this.files = files;
        this.dir = folder(root, job);
        this.writer = writer;
        this.refresh = refresh;
    }

    /** Deletes the record of {@code job} under {@code root}, if there is one (the engine, when the job ends). */
    public static void delete(SharedFiles files, String root, String job) throws IOException {
        String dir = folder(root, job);
        if (files.exists(dir)) {
            files.deleteDirectory(dir);
        }
    }

    private static String folder(String root, String job) {
        return (root.endsWith("/") ? root : root + "/") + job;
    }

    /** The job's folder. */
    public String dir() {
        return dir;
    }

    String writer() {
        return writer;
    }

    Duration refresh() {
        return refresh;
    }

    /** Replaces this writer's file with its failures per drive address. */
    void write(Map<String, Integer> failures) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        failures.forEach(n::put);
        try (OutputStream out = files.create(dir + "/" + writer + SUFFIX)) {
            JSON.writeValue(out, n);
        }
    }

    /**
     * Every writer's failures per drive address, by writer; none before the first failure. A file
     * that is not a record (torn, foreign) is skipped, logged.
     */
    Map<String, Map<String, Integer>> read() throws IOException {
        Map<String, Map<String, Integer>> out = new HashMap<>();
        if (!files.exists(dir)) {
            return out;
        }
        for (String path : files.list(dir)) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            if (!name.endsWith(SUFFIX)) {
                continue;
            }
            try {
                out.put(name.substring(0, name.length() - SUFFIX.length()), failuresIn(path));
            } catch (IOException e) {
                LOG.warn("skipping a record of drive failures: {}", e.getMessage());
            }
        }
        return out;
    }

    private Map<String, Integer> failuresIn(String path) throws IOException {
        JsonNode n;
        try (InputStream in = files.open(path)) {
            n = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException(path + ": not JSON: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.isObject()) {
            throw new IOException(path + ": not a record of drive failures (a JSON object of counts)");
        }
        Map<String, Integer> failures = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0) {
                throw new IOException(path + ": the failures of drive " + e.getKey() + " are not a count: "
                        + e.getValue());
            }
            failures.put(e.getKey(), e.getValue().asInt());
        }
        return failures;
    }
}

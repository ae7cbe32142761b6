package dev.ispd.offload.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ispd.offload.storage.SharedFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the scheduler's corrections persist between jobs (a JSON file, on a file system the
 * planner and every executor reach: the engine supplies it as {@link SharedFiles}), and how
 * executors, which may run in other JVMs, hand their observations to the planner: each writes
 * one small JSON file per split under {@code <file>.observations/<job id>/}; after the job the
 * planner's side folds them into the book ({@link #absorb}), saves it and deletes the directory.
 * An engine that gets its tasks' observations back with their results (Spark) hands them to
 * {@link #absorb(List)} instead, with no files in between.
 */
public final class CorrectionStore {
    private static final Logger LOG = LoggerFactory.getLogger(CorrectionStore.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Reads of the file before a reader that keeps meeting a rewrite gives up on it. */
    static final int READS = 3;

    private final SharedFiles files;
    private final String file;

    public CorrectionStore(SharedFiles files, String file) {
        this.files = files;
        this.file = file;
    }

    public String file() {
        return file;
    }

    /**
     * The saved corrections, or none if there is no file yet. A file that another save replaced
     * while it was read (its bytes gone: a FileNotFoundException) is read again, up to
     * {@value #READS} times; a file that cannot be parsed is logged at WARN and ignored: the
     * corrections only refine predictions, and the next save replaces it.
     */
    public CorrectionBook load() throws IOException {
        for (int attempt = 1; ; attempt++) {
            if (!files.exists(file)) {
                return new CorrectionBook();
            }
            try (InputStream in = files.open(file)) {
                return CorrectionBook.read(in, file);
            } catch (FileNotFoundException e) {
                if (attempt == READS) {
                    LOG.warn("ignoring the offload corrections in {}: rewritten under each of {} reads: {}", file,
                            READS, e.getMessage());
                    return new CorrectionBook();
                }
                // another job's save replaced the file while this one read it: read the new one
                LOG.info("the offload corrections in {} were rewritten while read, reading them again: {}", file,
                        e.getMessage());
            } catch (IOException e) {
                LOG.warn("ignoring the offload corrections in {}: {}; predicting from the profiles until splits are "
                        + "observed again", file, e.getMessage());
                return new CorrectionBook();
            }
        }
    }

    public void save(CorrectionBook book) throws IOException {
        try (OutputStream out = files.create(file)) {
            book.write(out);
        }
    }

    /** An executor's record of one split's observation (a retried attempt replaces its predecessor's). */
    public void record(String jobId, int splitIndex, Observed o) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("key", o.key());
        n.putObject("predicted").put("timeNs", o.predicted().timeNs()).put("energyNj", o.predicted().energyNj());
        if (o.observed() != null) {
            n.putObject("observed").put("timeNs", o.observed().timeNs()).put("energyNj", o.observed().energyNj());
        }
        if (o.measuredNs() != 0) {
            n.putObject("measured").put("key", o.measuredKey()).put("timeNs", o.measuredNs())
                    .put("predictedNs", o.measuredPredictedNs());
        }
        try (OutputStream out = files.create(observations(jobId) + "/split-" + splitIndex + ".json")) {
            JSON.writeValue(out, n);
        }
    }

    /**
     * Folds the observations the executors of {@code jobId} recorded into the saved corrections,
     * saves them and deletes the observations. Returns the book and how many splits it learned from.
     */
    public Update absorb(String jobId) throws IOException {
        String dir = observations(jobId);
        if (!files.exists(dir)) {
            return new Update(load(), 0);
        }
        List<Observed> observed = new ArrayList<>();
        // in name order: the corrections are running means, so the fold must not follow the listing's order
        for (String path : files.list(dir).stream().sorted().toList()) {
            try {
                JsonNode o = readJson(path);
                JsonNode m = o.path("measured");
                long measuredNs = m.path("timeNs").asLong(0);
                if (measuredNs != 0 && (!m.path("key").isTextual() || !m.path("predictedNs").canConvertToLong())) {
                    throw new IOException(path + ": \"measured\" needs a \"key\" and an integer \"predictedNs\"");
                }
                Cost modeled = o.has("observed") ? cost(path, o, "observed") : null;
                if (modeled == null && measuredNs == 0) {
                    throw new IOException(path + ": neither \"observed\" nor \"measured\"");
                }
                observed.add(new Observed(o.get("key").asText(), cost(path, o, "predicted"), modeled,
                        m.path("key").asText(""), measuredNs, m.path("predictedNs").asLong(0)));
            } catch (IOException e) {
                LOG.warn("skipping a split observation: {}", e.getMessage());
            }
        }
        Update u = absorb(observed);
        files.deleteDirectory(dir);
        return u;
    }

    /**
     * One split's observation as the book takes it: its key, its predicted and observed cost, and
     * for the measured basis its wall clock ({@code measuredNs}, 0 if not measured) under
     * {@code measuredKey} against the uncorrected {@code measuredPredictedNs}; {@code observed} is
     * null for a run that reported no modeled cost ({@link SplitObservation#wallClock}).
     * Serializable, for an engine that returns it with its task's result.
     */
    public record Observed(String key, Cost predicted, Cost observed, String measuredKey, long measuredNs,
                           long measuredPredictedNs) implements Serializable {
        /** An observation of modeled costs only. */
        public Observed(String key, Cost predicted, Cost observed) {
            this(key, predicted, observed, "", 0, 0);
        }

        /** {@code o} under its keys for a split of {@code tasklet} on the drive at {@code driveAddress}. */
        public static Observed of(SplitObservation o, String tasklet, String driveAddress) {
            return new Observed(o.key(tasklet, driveAddress), o.predicted(), o.observed(),
                    o.measuredKey(driveAddress), o.measuredNs(), o.measuredPredictedNs());
        }
    }

    /**
     * Folds observations an engine collected itself (with its tasks' results, instead of in files
     * under a job) into the saved corrections, in the order given (the caller's to make
     * deterministic), and saves them, if there are any.
     */
    public Update absorb(List<Observed> observed) throws IOException {
        CorrectionBook book = load();
        if (observed.isEmpty()) {
            return new Update(book, 0);
        }
        fold(book, observed);
        save(book);
        return new Update(book, observed.size());
    }

    /**
     * Folds {@code observed} into {@code book} in the order given, as {@link #absorb(List)} folds
     * them into the saved book: for an engine that plans with its book before it saves it.
     */
    public void fold(CorrectionBook book, List<Observed> observed) {
        for (Observed o : observed) {
            if (o.observed() != null) {
                book.observe(o.key(), o.predicted(), o.observed());
            }
            if (o.measuredNs() != 0 && !book.observeMeasured(o.measuredKey(), o.measuredPredictedNs(), o.measuredNs())) {
                LOG.warn("{}: not learning '{}' from a split measured at {} ns against {} ns predicted, outside the "
                        + "[{}, {}] times its prediction a measured sample may be: a clock that jumped, a task that was "
                        + "suspended, or a split that did far less (or more) work than predicted, not this machine's "
                        + "speed; its predictions stay as they were", file, o.measuredKey(), o.measuredNs(),
                        o.measuredPredictedNs(), Correction.MIN_MEASURED, Correction.MAX_MEASURED);
            }
        }
    }

    /** What {@link #absorb} left: the saved book, and how many observations went into it. */
    public record Update(CorrectionBook book, int observations) {
    }

    private String observations(String jobId) {
        return file + ".observations/" + jobId;
    }

    private JsonNode readJson(String path) throws IOException {
        JsonNode n;
        try (InputStream in = files.open(path)) {
            n = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException(path + ": not JSON: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.path("key").isTextual()) {
            throw new IOException(path + ": not a split observation (no \"key\")");
        }
        return n;
    }

    private static Cost cost(String path, JsonNode n, String field) throws IOException {
        JsonNode c = n.path(field);
        if (!c.path("timeNs").canConvertToLong() || !c.path("energyNj").canConvertToLong()) {
            throw new IOException(path + ": \"" + field + "\" needs integer timeNs and energyNj");
        }
        try {
            return new Cost(c.get("timeNs").asLong(), c.get("energyNj").asLong());
        } catch (IllegalArgumentException e) {
            throw new IOException(path + ": \"" + field + "\": " + e.getMessage(), e);
        }
    }
}

package dev.ispd.hadoop.mapreduce;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.offload.execute.SplitObservation;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the scheduler's corrections persist between jobs ({@link OffloadKeys#OFFLOAD_CORRECTION_FILE};
 * by default {@value #DEFAULT_FILE} on the osd:// file system of the job's input, beside the data
 * and drives it describes, reachable from the client and every task), and how map tasks, which run
 * in other JVMs, hand their observations to the job client: each task writes one small JSON file
 * per split under {@code <file>.observations/<job id>/}; after the job the client folds them into
 * the book, saves it and deletes the directory.
 */
final class CorrectionStore {
    static final String DEFAULT_FILE = "/.ispd/offload-correction.json";
    private static final Logger LOG = LoggerFactory.getLogger(CorrectionStore.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FileSystem fs;
    private final Path file;

    private CorrectionStore(FileSystem fs, Path file) {
        this.fs = fs;
        this.file = file;
    }

    /** The store of a job reading {@code input} (any of its input files). */
    static CorrectionStore forInput(Configuration conf, Path input) throws IOException {
        String configured = HadoopSettings.resolve(conf).correctionFile();
        Path p = configured.isEmpty() ? new Path(DEFAULT_FILE) : new Path(configured);
        FileSystem fs = configured.isEmpty() ? input.getFileSystem(conf) : p.getFileSystem(conf);
        return new CorrectionStore(fs, fs.makeQualified(p));
    }

    /** Whether the job corrects its predictions (and so records and keeps observations). */
    static boolean enabled(Configuration conf) {
        return HadoopSettings.resolve(conf).scheduler().correction();
    }

    Path file() {
        return file;
    }

    /**
     * The saved corrections, or none if there is no file yet. A file that cannot be parsed is
     * logged at WARN and ignored: the corrections only refine predictions, and the next save
     * replaces it.
     */
    CorrectionBook load() throws IOException {
        if (!fs.exists(file)) {
            return new CorrectionBook();
        }
        try (InputStream in = fs.open(file)) {
            return CorrectionBook.read(in, file.toString());
        } catch (IOException e) {
            LOG.warn("ignoring the offload corrections in {}: {}", file, e.getMessage());
            return new CorrectionBook();
        }
    }

    void save(CorrectionBook book) throws IOException {
        try (OutputStream out = fs.create(file, true)) {
            book.write(out);
        }
    }

    /** A task's record of one split under {@code key} in the book (a retried attempt replaces its predecessor's). */
    void record(String jobId, int splitIndex, String key, SplitObservation o) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("key", key).put("placement", o.placement().name()).put("timeIsService", o.timeIsService());
        n.putObject("predicted").put("timeNs", o.predicted().timeNs()).put("energyNj", o.predicted().energyNj());
        n.putObject("observed").put("timeNs", o.observed().timeNs()).put("energyNj", o.observed().energyNj());
        try (OutputStream out = fs.create(new Path(observations(jobId), "split-" + splitIndex + ".json"), true)) {
            JSON.writeValue(out, n);
        }
    }

    /**
     * Folds the observations the tasks of {@code jobId} recorded into the saved corrections, saves
     * them and deletes the observations. Returns the book and how many splits it learned from.
     */
    Update absorb(String jobId) throws IOException {
        CorrectionBook book = load();
        Path dir = observations(jobId);
        if (!fs.exists(dir)) {
            return new Update(book, 0);
        }
        int n = 0;
        for (FileStatus s : fs.listStatus(dir)) {
            try {
                JsonNode o = readJson(s.getPath());
                book.observe(o.get("key").asText(), cost(s.getPath(), o, "predicted"), cost(s.getPath(), o, "observed"),
                        o.path("timeIsService").asBoolean(true));
                n++;
            } catch (IOException e) {
                LOG.warn("skipping a split observation: {}", e.getMessage());
            }
        }
        save(book);
        fs.delete(dir, true);
        return new Update(book, n);
    }

    record Update(CorrectionBook book, int observations) {
    }

    private Path observations(String jobId) {
        return new Path(file.getParent(), file.getName() + ".observations/" + jobId);
    }

    private JsonNode readJson(Path p) throws IOException {
        JsonNode n;
        try (FSDataInputStream in = fs.open(p)) {
            n = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException(p + ": not JSON: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.path("key").isTextual()) {
            throw new IOException(p + ": not a split observation (no \"key\")");
        }
        return n;
    }

    private static Cost cost(Path p, JsonNode n, String field) throws IOException {
        JsonNode c = n.path(field);
        if (!c.path("timeNs").canConvertToLong() || !c.path("energyNj").canConvertToLong()) {
            throw new IOException(p + ": \"" + field + "\" needs integer timeNs and energyNj");
        }
        try {
            return new Cost(c.get("timeNs").asLong(), c.get("energyNj").asLong());
        } catch (IllegalArgumentException e) {
            throw new IOException(p + ": \"" + field + "\": " + e.getMessage(), e);
        }
    }
}

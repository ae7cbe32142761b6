package dev.ispd.offload.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The online corrections of every (placement, drive, tasklet) seen so far, kept across jobs: one
 * {@link Correction} per key, {@code host <tasklet>} for host splits (the host profile prices
 * every drive's splits alike) and {@code device <tasklet> <drive address>} for device splits
 * (drives differ, and so do tasklets on one drive). Saved as a small JSON document:
 * <pre>
 *   {"version": 1, "corrections": {"device q1 tcp:node1:7070": {"time": 1.02, "energy": 0.97, "samples": 16}}}
 * </pre>
 * Thread-safe.
 */
public final class CorrectionBook {
    static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Correction> corrections = new ConcurrentHashMap<>();

    /** One key's state, as saved. */
    public record Entry(double time, double energy, long samples) {
    }

    public static String hostKey(String tasklet) {
        return "host " + tasklet;
    }

    public static String deviceKey(String tasklet, String driveAddress) {
        return "device " + tasklet + " " + driveAddress;
    }

    Correction get(String key) {
        return corrections.computeIfAbsent(key, k -> new Correction());
    }

    /** The correction of {@code key}, or a neutral one (not stored) if nothing was observed under it. */
    Correction peek(String key) {
        Correction c = corrections.get(key);
        return c != null ? c : new Correction();
    }

    /**
     * Records a finished split under {@code key}: its observed cost against the uncorrected
     * prediction ({@link Baseline}).
     */
    public void observe(String key, Cost predicted, Cost observed) {
        get(key).observe(predicted, observed);
    }

    /** A snapshot of every key's state, sorted by key. */
    public Map<String, Entry> entries() {
        Map<String, Entry> out = new TreeMap<>();
        corrections.forEach((k, c) -> out.put(k, new Entry(c.time(), c.energy(), c.samples())));
        return out;
    }

    public void write(OutputStream out) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", VERSION);
        ObjectNode all = root.putObject("corrections");
        entries().forEach((k, e) -> all.putObject(k).put("time", e.time()).put("energy", e.energy())
                .put("samples", e.samples()));
        JSON.writerWithDefaultPrettyPrinter().writeValue(out, root);
    }

    /** Reads a saved book; anything malformed is an IOException naming {@code source} and the key or field. */
    public static CorrectionBook read(InputStream in, String source) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException(source + ": not a JSON correction file: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || root.path("version").asInt(-1) != VERSION) {
            throw new IOException(source + ": expected an object with \"version\": " + VERSION);
        }
        JsonNode all = root.path("corrections");
        if (!all.isObject()) {
            throw new IOException(source + ": \"corrections\" must be an object");
        }
        CorrectionBook book = new CorrectionBook();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            book.corrections.put(e.getKey(), new Correction(ratio(source, e.getKey(), v, "time"),
                    ratio(source, e.getKey(), v, "energy"), v.path("samples").asLong(0)));
        }
        return book;
    }

    private static double ratio(String source, String key, JsonNode entry, String field) throws IOException {
        JsonNode v = entry.get(field);
        if (v == null || !v.isNumber() || !(v.asDouble() > 0)) {
            throw new IOException(source + ": correction '" + key + "': \"" + field + "\" must be a positive number, got "
                    + v);
        }
        return v.asDouble();
    }
}

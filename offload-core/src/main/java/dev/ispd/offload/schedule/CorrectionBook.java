package dev.ispd.offload.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The online corrections of every (placement, drive, tasklet) seen so far, kept across jobs: one
 * {@link Correction} per key, {@code host <tasklet>} for host splits (the host profile prices
 * every drive's splits alike) and {@code device <tasklet> <drive address>} for device splits
 * (drives differ, and so do tasklets on one drive). The measured basis keeps its own keys, of
 * wall clock against the profiles' times: {@code measured host <shape> <host name>} and
 * {@code measured device <shape> <drive address>} (a {@linkplain Correction#measured() measured}
 * correction; its energy stays 1). A measured key with no samples yet borrows what its host or
 * drive measured for other plan shapes ({@link #measuredHost}, {@link #measuredDevice}). Saved as
 * a small JSON document:
 * <pre>
 *   {"version": 3, "corrections": {"device q1 tcp:node1:7070": {"time": 1.02, "energy": 0.97, "samples": 16}}}
 * </pre>
 * Thread-safe.
 */
public final class CorrectionBook {
    /**
     * The file's version. Version 1 books were written before a device split's modeled time was
     * its service time (their device ratios count waiting behind other work on the drive) and
     * before measured samples were refused rather than clamped: such a book is not read. Version 2
     * books measured a device split's execution alone, where version 3 measures it whole
     * (EXECUTE to its result read): a version 2 book is read but for its measured device keys,
     * which are dropped with a warning ({@link #MEASURED_WHOLE_SINCE}).
     */
    static final int VERSION = 3;
    /** The first version whose measured device keys compare a device split's whole wall clock. */
    static final int MEASURED_WHOLE_SINCE = 3;
    private static final Logger LOG = LoggerFactory.getLogger(CorrectionBook.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How the keys of the measured basis begin. */
    private static final String MEASURED = "measured ";

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

    /** The measured basis's key of host runs of plan shape {@code shape} on the host named {@code host}. */
    public static String measuredHostKey(String shape, String host) {
        return MEASURED + hostKey(shape) + " " + host;
    }

    /** The measured basis's key of device runs of plan shape {@code shape} on the drive at {@code driveAddress}. */
    public static String measuredDeviceKey(String shape, String driveAddress) {
        return MEASURED + deviceKey(shape, driveAddress);
    }

    /** Measured samples of a side before it stands on its own: the cold first and the one that replaces it. */
    static final int STANDING = Correction.COLD_SAMPLES + 1;
    /** Samples of the side in use per sample of the other side the measured basis keeps, once both stand. */
    static final int EVERY = 128;

    /**
     * Whether a side with {@code samples} wall clocks of a plan shape needs measuring, against the
     * {@code otherSide}'s of it: fewer than {@value #STANDING} plus one per {@value #EVERY} of the
     * other side's. Fastest then re-measures it ({@link SideProbe}), and such a side's samples are
     * taken whole ({@link #observeMeasured}): its older ones are from before the other side took
     * its work, or cold.
     */
    static boolean needsMeasuring(long samples, long otherSide) {
        return samples < STANDING + otherSide / EVERY;
    }

    /** The wall clocks of plan shape {@code shape} measured at {@code side}, over every host or every drive. */
    long measuredSamples(String shape, Placement side) {
        String kind = MEASURED + (side == Placement.HOST ? "host " : "device ") + shape;
        long n = 0;
        for (Map.Entry<String, Correction> e : corrections.entrySet()) {
            String k = e.getKey();
            if (k.lastIndexOf(' ') == kind.length() && k.startsWith(kind)) { // the place after the shape has no space
                n += e.getValue().samples();
            }
        }
        return n;
    }

    private static Correction neutral(String key) {
        return key.startsWith(MEASURED) ? Correction.measured() : new Correction();
    }

    Correction get(String key) {
        return corrections.computeIfAbsent(key, CorrectionBook::neutral);
    }

    /** The correction of {@code key}, or a neutral one (not stored) if nothing was observed under it. */
    Correction peek(String key) {
        Correction c = corrections.get(key);
        return c != null ? c : neutral(key);
    }

    /**
     * The measured basis's correction of host runs of plan shape {@code shape} on the host named
     * {@code host} ({@link #measured}).
     */
    MeasuredCorrection measuredHost(String shape, String host) {
        return measured(measuredHostKey(shape, host), MEASURED + "host ", " " + host);
    }

    /**
     * The measured basis's correction of device runs of plan shape {@code shape} on the drive at
     * {@code driveAddress} ({@link #measured}).
     */
    MeasuredCorrection measuredDevice(String shape, String driveAddress) {
        return measured(measuredDeviceKey(shape, driveAddress), MEASURED + "device ", " " + driveAddress);
    }

    /**
     * As {@link #measuredDevice(String, String)}, for the drive at {@code driveAddress} computing on
     * the host's cores with the drives at {@code pool} (itself among them: {@link SharedCores#pool}):
     * the time ratios of the shape measured on each of them, pooled (their geometric mean, weighted
     * by samples). Such drives run the same code on the same cores; their wall clocks differ by what
     * else ran there while each was measured, not by the drive. Kept apart, a drive measured while
     * the cores were busy was priced slower than its twin until measured again (TPC-H Q1 at SF 1 at
     * load 26-31: 1.71 s a chunk on drive 0 against 0.68 s on drive 1 in one book), and the plan moved
     * its splits to the host. With no samples of the shape in the pool, the drive's own
     * ({@link #measuredDevice(String, String)}: what it measured for other shapes). A drive with
     * samples of its own pools only with the drives whose ratio is within {@value #KIN} times its
     * own: a paced drive on this machine runs at its profile's time, an unpaced one at the cores'
     * speed, tens of times apart, where contention moved one processor's wall clocks 2.5 times.
     */
    MeasuredCorrection measuredDevice(String shape, String driveAddress, List<String> pool) {
        if (pool.size() < 2) {
            return measuredDevice(shape, driveAddress);
        }
        Correction own = corrections.get(measuredDeviceKey(shape, driveAddress));
        double ownRatio = own != null && own.samples() > 0 ? own.time() : 0;
        double logRatios = 0;
        long samples = 0;
        int measured = 0;
        for (String address : pool) {
            Correction c = corrections.get(measuredDeviceKey(shape, address));
            if (c != null && c.samples() > 0 && (ownRatio == 0 || kin(ownRatio, c.time()))) {
                logRatios += c.samples() * Math.log(c.time());
                samples += c.samples();
                measured++;
            }
        }
        if (samples == 0) {
            return measuredDevice(shape, driveAddress);
        }
        return new MeasuredCorrection(Correction.measured(Math.exp(logRatios / samples), 1.0, samples), samples, false,
                measured);
    }

    /**
     * How far apart two local drives' time ratios of one shape may be and still be one
     * processor's wall clocks under different contention: a paced drive's and an unpaced one's
     * are further apart.
     */
    static final double KIN = 4;

    private static boolean kin(double a, double b) {
        return Math.max(a, b) <= KIN * Math.min(a, b);
    }

    /**
     * A measured correction and what it rests on: {@code samples} of its own key, or, if
     * {@code otherShapes}, that many of the other plan shapes measured on the same host or drive;
     * pooled over the samples of {@code drives} drives on the host's cores (1: one drive's).
     */
    record MeasuredCorrection(Correction correction, long samples, boolean otherShapes, int drives) {
        MeasuredCorrection(Correction correction, long samples, boolean otherShapes) {
            this(correction, samples, otherShapes, 1);
        }
    }

    /**
     * The correction of the measured key {@code key}; while it has no samples, the geometric mean
     * of the time ratios of the other measured keys of the same place (those beginning with
     * {@code kind} and ending with {@code place}: this host's, or this drive's), weighted by their
     * samples, if that is above 1; else neutral (the profile). A shape never run on one side (Spark
     * runs a scan's aggregation on the host only as a scan of rows, whose plan is another shape)
     * would otherwise be priced there by the profile while the other side is priced by the wall
     * clock: a 2011 host against this machine's drives. Borrowed ratios only ever make a side
     * slower than its profile: what other shapes took there may warn work off a side, but only
     * this shape's own wall clock moves work onto it (a host split inside a gathered Spark
     * aggregation costs more than the same split in a task of its own).
     */
    private MeasuredCorrection measured(String key, String kind, String place) {
        Correction own = corrections.get(key);
        if (own != null && own.samples() > 0) {
            return new MeasuredCorrection(own, own.samples(), false);
        }
        double logRatios = 0;
        long samples = 0;
        for (Map.Entry<String, Correction> e : corrections.entrySet()) {
            String k = e.getKey();
            if (k.startsWith(kind) && k.endsWith(place) && !k.equals(key)) {
                long n = e.getValue().samples();
                logRatios += n * Math.log(e.getValue().time());
                samples += n;
            }
        }
        if (samples == 0 || logRatios <= 0) {
            return new MeasuredCorrection(Correction.measured(), 0, false);
        }
        return new MeasuredCorrection(Correction.measured(Math.exp(logRatios / samples), 1.0, 0), samples, true);
    }

    /**
     * Records a finished split's wall clock under the measured key {@code key}, against its
     * uncorrected predicted time; false, learning nothing, if the wall clock is garbage (not
     * positive, or {@value Correction#MAX_MEASURED} times off the prediction or more: a clock
     * that jumped, a task that was suspended). A sample of a side that {@linkplain #needsMeasuring
     * needs measuring} is taken whole, so one split re-measuring a side fastest stopped using
     * tells at once what it takes now.
     */
    public boolean observeMeasured(String key, long predictedNs, long measuredNs) {
        Placement side = key.startsWith(MEASURED + "host ") ? Placement.HOST
                : key.startsWith(MEASURED + "device ") ? Placement.DEVICE : null;
        int place = key.lastIndexOf(' ');
        String kindPrefix = MEASURED + (side == Placement.HOST ? "host " : "device ");
        if (side == null || place < kindPrefix.length()) {
            throw new IllegalArgumentException("'" + key + "' is not a key of the measured basis");
        }
        if (Correction.garbage(predictedNs, measuredNs)) {
            return false;
        }
        String shape = key.substring(kindPrefix.length(), place);
        boolean whole = needsMeasuring(measuredSamples(shape, side), measuredSamples(shape, side.other()));
        return get(key).observeTime(predictedNs, measuredNs, whole);
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
        if (root == null || !root.isObject() || !root.path("version").canConvertToInt()) {
            throw new IOException(source + ": expected an object with \"version\": " + VERSION);
        }
        int version = root.path("version").asInt();
        if (version != VERSION && version != MEASURED_WHOLE_SINCE - 1) {
            throw new IOException(source + ": written by " + (version < VERSION ? "an older" : "a newer")
                    + " version of ispd (correction file version " + version + ", this one reads " + (MEASURED_WHOLE_SINCE - 1) + " and " + VERSION + ")");
        }
        JsonNode all = root.path("corrections");
        if (!all.isObject()) {
            throw new IOException(source + ": \"corrections\" must be an object");
        }
        CorrectionBook book = new CorrectionBook();
        int dropped = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (version < MEASURED_WHOLE_SINCE && e.getKey().startsWith(MEASURED + "device ")) {
                dropped++;
                continue;
            }
            double time = ratio(source, e.getKey(), v, "time");
            double energy = ratio(source, e.getKey(), v, "energy");
            long samples = v.path("samples").asLong(0);
            book.corrections.put(e.getKey(), e.getKey().startsWith(MEASURED) ? Correction.measured(time, energy, samples)
                    : new Correction(time, energy, samples));
        }
        if (dropped > 0) {
            LOG.warn("{}: correction file version {} measured a drive's execution alone, this one ({}) a device split "
                    + "whole: its {} measured device correction(s) are dropped, and the measured basis predicts "
                    + "device splits from the profiles until they are measured again", source, version, VERSION, dropped);
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

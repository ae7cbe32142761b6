package dev.ispd.sim.fault;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.protocol.Opcode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The faults a drive injects (docs/drive.md, "Fault injection"), in the order it tries them on
 * each request, and the seed of the generator that decides the ones with a probability, so a run
 * is repeatable. Read from JSON:
 * <pre>
 * {"seed": 7, "faults": [
 *   {"kind": "media-error", "objects": [12], "pages": [0]},
 *   {"kind": "hang", "opcodes": ["EXECUTE"], "times": 1},
 *   {"kind": "drop-connection", "after": 3, "probability": 0.5}]}
 * </pre>
 */
public record FaultPlan(long seed, List<Fault> faults) {
    /** No faults: the drive behaves. */
    public static final FaultPlan NONE = new FaultPlan(0, List.of());

    private static final ObjectMapper JSON = new ObjectMapper();

    public FaultPlan {
        faults = List.copyOf(faults);
    }

    /** The file's shape, as Jackson reads it; absent fields are null. */
    record Contents(Long seed, List<Entry> faults) {
    }

    record Entry(String kind, List<String> opcodes, List<Long> objects, List<Long> pages, Long after, Long times,
                 Double probability, Long delayMs) {
    }

    /** Reads a plan file; a bad one is an IOException naming the file and the fault. */
    public static FaultPlan load(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), "fault plan " + file);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * Parses a plan; {@code source} names it in errors. Empty text is {@link #NONE}. A bad plan is
     * an IllegalArgumentException naming the source, the fault's index and the field.
     */
    public static FaultPlan parse(String text, String source) {
        if (text.isBlank()) {
            return NONE;
        }
        Contents c;
        try {
            c = JSON.readValue(text, Contents.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + ": " + e.getOriginalMessage() + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")", e);
        }
        List<Fault> faults = new ArrayList<>();
        List<Entry> entries = c.faults() == null ? List.of() : c.faults();
        for (int i = 0; i < entries.size(); i++) {
            faults.add(fault(entries.get(i), source + ", fault " + i));
        }
        return new FaultPlan(c.seed() == null ? 0 : c.seed(), faults);
    }

    private static Fault fault(Entry e, String where) {
        if (e == null || e.kind() == null) {
            throw new IllegalArgumentException(where + ": no \"kind\"");
        }
        FaultKind kind;
        try {
            kind = FaultKind.parse(e.kind());
        } catch (IllegalArgumentException x) {
            throw new IllegalArgumentException(where + ": " + x.getMessage(), x);
        }
        String at = where + " (" + kind.planName() + ")";
        Set<Opcode> opcodes = opcodes(e.opcodes(), kind, at);
        Set<Long> objects = e.objects() == null ? Set.of() : new LinkedHashSet<>(e.objects());
        Set<Long> pages = e.pages() == null ? Set.of() : new LinkedHashSet<>(e.pages());
        if (kind == FaultKind.MEDIA_ERROR && objects.isEmpty()) {
            throw new IllegalArgumentException(at + ": a media error needs \"objects\", the objects whose pages fail");
        }
        if (kind != FaultKind.MEDIA_ERROR && !pages.isEmpty()) {
            throw new IllegalArgumentException(at + ": \"pages\" is for media errors only");
        }
        if (pages.stream().anyMatch(p -> p < 0)) {
            throw new IllegalArgumentException(at + ": \"pages\" are page indexes from 0, got " + pages);
        }
        long delayMs = e.delayMs() == null ? 0 : e.delayMs();
        if (kind == FaultKind.SLOW ? delayMs < 1 : e.delayMs() != null) {
            throw new IllegalArgumentException(at + (kind == FaultKind.SLOW
                    ? ": a slow fault needs \"delayMs\" of at least 1, got " + e.delayMs()
                    : ": \"delayMs\" is for slow faults only"));
        }
        long after = atLeastZero(e.after(), "after", at);
        long times = atLeastZero(e.times(), "times", at);
        double p = e.probability() == null ? 1 : e.probability();
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException(at + ": \"probability\" must be above 0 and at most 1, got " + p);
        }
        return new Fault(kind, opcodes, objects, pages, after, times, p, delayMs);
    }

    private static Set<Opcode> opcodes(List<String> names, FaultKind kind, String at) {
        if (names == null) {
            return kind.defaultOpcodes();
        }
        Set<Opcode> ops = EnumSet.noneOf(Opcode.class);
        for (String n : names) {
            Opcode op;
            try {
                op = Opcode.valueOf(n);
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException(at + ": \"opcodes\" names '" + n + "', which is no command (e.g. "
                        + "EXECUTE, READ_OBJECT)", x);
            }
            if (op == Opcode.SET_FAULTS) {
                throw new IllegalArgumentException(at + ": SET_FAULTS itself cannot fail (it clears the faults)");
            }
            ops.add(op);
        }
        if (kind == FaultKind.CRASH && !ops.equals(EnumSet.of(Opcode.EXECUTE))) {
            throw new IllegalArgumentException(at + ": a crash happens during a tasklet, so its only opcode is "
                    + "EXECUTE, got " + names);
        }
        return ops;
    }

    private static long atLeastZero(Long v, String field, String at) {
        if (v == null) {
            return 0;
        }
        if (v < 0) {
            throw new IllegalArgumentException(at + ": \"" + field + "\" must be 0 or more, got " + v);
        }
        return v;
    }
}

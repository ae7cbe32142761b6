package dev.ispd.examples.reproduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes {@code report.json}: the run's settings, then per figure its data, plots, claims and assumptions. */
final class JsonReport {
    static final String FILE = "report.json";

    private JsonReport() {
    }

    static void write(Reproduction r, Path dir) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve(FILE).toFile(), tree(r));
    }

    static Map<String, Object> tree(Reproduction r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", run(r));
        List<Map<String, Object>> figures = new ArrayList<>();
        for (Figure f : Figure.values()) {
            Map<String, Object> fig = new LinkedHashMap<>();
            fig.put("id", f.name().toLowerCase());
            fig.put("title", f.title());
            fig.put("plots", f.plots().stream().flatMap(p -> List.of(p + ".png", p + ".svg").stream()).toList());
            fig.put("data", data(r, f));
            fig.put("claims", r.claims().get(f));
            fig.put("assumptions", r.assumptions().get(f));
            figures.add(fig);
        }
        root.put("figures", figures);
        root.put("claimsHolding", r.allClaims().stream().filter(Claim::holds).count());
        root.put("claimsTotal", r.allClaims().size());
        return root;
    }

    static Map<String, Object> run(Reproduction r) {
        Settings s = r.settings();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("entries", s.entries());
        run.put("paperEntries", Settings.PAPER_ENTRIES);
        run.put("full", s.full());
        run.put("seed", s.seed());
        run.put("deviceProfile", s.deviceProfile());
        run.put("hostProfile", s.hostProfile());
        run.put("drives", 1);
        run.put("entrySizes", Settings.ENTRY_SIZES);
        run.put("microbenchBytes", r.fig6().bytes());
        run.put("filterBytes", r.filter().bytes());
        run.put("pauseSeconds", Settings.PAUSE_NS / 1e9);
        return run;
    }

    private static Object data(Reproduction r, Figure f) {
        return switch (f) {
            case FIG6 -> r.fig6();
            case FIG8 -> r.fig8();
            case FIG9 -> r.fig9();
            case FIG10 -> r.fig10();
            case FILTER -> r.filter();
        };
    }
}

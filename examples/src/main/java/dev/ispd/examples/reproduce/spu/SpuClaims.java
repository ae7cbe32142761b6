package dev.ispd.examples.reproduce.spu;

import dev.ispd.examples.reproduce.Claim;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The thesis's claims of Tables 3.4-3.6, each checked on the modeled numbers. */
final class SpuClaims {
    /** Largest relative spread of nnz = 4's energies that counts as flat (the thesis's is 0.13%). */
    static final double FLAT = 0.05;
    /** The thesis's fall of nnz = 250's energy from 2.5 to 1 ns/B: 0.101 J to 0.049 J. */
    static final double THESIS_FALL = 1 - 0.049 / 0.101;
    /** A Table 3.6 figure matches the thesis's within this factor either way. */
    static final double WITHIN = 2.0;

    private SpuClaims() {
    }

    static List<Claim> table34(List<SpuReproduction.CoresRow> rows) {
        SpuReproduction.CoresRow min = rows.stream().min(Comparator.comparingLong(SpuReproduction.CoresRow::energyNj))
                .orElseThrow();
        SpuReproduction.CoresRow two = rows.get(0);
        SpuReproduction.CoresRow at16 = row(rows, 16);
        SpuReproduction.CoresRow at32 = row(rows, 32);
        boolean fallsToMin = true;
        for (int i = 1; i < rows.size() && rows.get(i).cores() <= min.cores(); i++) {
            fallsToMin &= rows.get(i).energyNj() < rows.get(i - 1).energyNj();
        }
        return List.of(
                new Claim("knn-cores-falls", "energy falls as cores are added, from 8.97 J at 2 cores",
                        fmt("%s from 2 to %d cores", joules(rows, min.cores()), min.cores()), fallsToMin && min != two),
                new Claim("knn-cores-minimum-16", "the least energy at 16 cores (6.99 J)",
                        fmt("least at %d cores (%.4f J)", min.cores(), min.energyNj() / 1e9), min.cores() == 16),
                new Claim("knn-cores-rise-32", "more energy at 32 cores than at 16 (7.34 J against 6.99 J)",
                        fmt("%.4f J at 32 against %.4f J at 16 (%+.1f%%)", at32.energyNj() / 1e9, at16.energyNj() / 1e9,
                                100.0 * (at32.energyNj() - at16.energyNj()) / at16.energyNj()),
                        at32.energyNj() > at16.energyNj()));
    }

    static List<Claim> table35(List<SpuReproduction.BusRow> rows) {
        List<SpuReproduction.BusRow> dense = rows.stream().filter(r -> r.nnzPerRow() == 250).toList();
        List<SpuReproduction.BusRow> thin = rows.stream().filter(r -> r.nnzPerRow() == 4).toList();
        boolean decreasing = true;
        for (int i = 1; i < dense.size(); i++) {
            decreasing &= dense.get(i).energyNj() < dense.get(i - 1).energyNj();
        }
        double fall = 1 - dense.get(dense.size() - 1).energyNj() / (double) dense.get(0).energyNj();
        long most = thin.stream().mapToLong(SpuReproduction.BusRow::energyNj).max().orElseThrow();
        long least = thin.stream().mapToLong(SpuReproduction.BusRow::energyNj).min().orElseThrow();
        double spread = most / (double) least - 1;
        return List.of(
                new Claim("spmv-nnz250-falls", "nnz = 250: energy falls at every step of bandwidth, more than nnz = 4's",
                        fmt("%s (%s at every step, %.1f%% in all against nnz = 4's %.1f%%)", energies(dense),
                                decreasing ? "falling" : "not falling", -100 * fall, 100 * spread),
                        decreasing && fall > spread),
                new Claim("spmv-nnz250-halves", "nnz = 250: 0.101 J to 0.049 J, -51%",
                        fmt("%.1f%% (within %.0fx: %s)", -100 * fall, WITHIN, within(fall, THESIS_FALL) ? "yes" : "no"),
                        within(fall, THESIS_FALL)),
                new Claim("spmv-nnz4-flat", "nnz = 4: energy flat, 0.10333 J to 0.10320 J (0.13%)",
                        fmt("%s (spread %.1f%%, flat up to %.0f%%)", energies(thin), 100 * spread, 100 * FLAT),
                        spread <= FLAT));
    }

    static List<Claim> table36(List<SpuReproduction.GainRow> rows) {
        List<Claim> out = new ArrayList<>();
        for (SpuReproduction.GainRow r : rows) {
            String id = r.application().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "");
            out.add(new Claim(id + "-gains", r.thesisApplication() + ": the SPU is faster and uses less energy than the host",
                    fmt("%.2fx faster, %.2fx less energy", r.speedup(), r.energySavings()),
                    r.speedup() > 1 && r.energySavings() > 1));
            if (r.thesisSpeedup() != null) {
                out.add(new Claim(id + "-speedup", fmt("%s: speed-up %.2f", r.thesisApplication(), r.thesisSpeedup()),
                        fmt("%.2f (within %.0fx: %s)", r.speedup(), WITHIN, within(r.speedup(), r.thesisSpeedup()) ? "yes" : "no"),
                        within(r.speedup(), r.thesisSpeedup())));
            }
            if (r.thesisEnergySavings() != null) {
                out.add(new Claim(id + "-energy", fmt("%s: energy savings %.2f", r.thesisApplication(), r.thesisEnergySavings()),
                        fmt("%.2f (within %.0fx: %s)", r.energySavings(), WITHIN,
                                within(r.energySavings(), r.thesisEnergySavings()) ? "yes" : "no"),
                        within(r.energySavings(), r.thesisEnergySavings())));
            }
        }
        return out;
    }

    private static boolean within(double ours, double thesis) {
        return ours >= thesis / WITHIN && ours <= thesis * WITHIN;
    }

    private static SpuReproduction.CoresRow row(List<SpuReproduction.CoresRow> rows, int cores) {
        return rows.stream().filter(r -> r.cores() == cores).findFirst().orElseThrow();
    }

    private static String joules(List<SpuReproduction.CoresRow> rows, int upTo) {
        return String.join(", ", rows.stream().filter(r -> r.cores() <= upTo)
                .map(r -> fmt("%.4f", r.energyNj() / 1e9)).toList()) + " J";
    }

    private static String energies(List<SpuReproduction.BusRow> rows) {
        return String.join(", ", rows.stream().map(r -> fmt("%.5f", r.energyNj() / 1e9)).toList()) + " J";
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}

package dev.ispd.examples.reproduce.spu;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ispd.examples.reproduce.Assumption;
import dev.ispd.examples.reproduce.Claim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes the SPU reproduction: {@code report.md} (per table how it was computed, ours beside the
 * thesis's, the claims with holds yes/no, the assumptions), {@code report.json} (the same for
 * programs) and a PNG and SVG plot per table (XChart, headless).
 */
public final class SpuReport {
    public static final String MARKDOWN = "report.md";
    public static final String JSON = "report.json";
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private final StringBuilder md = new StringBuilder();

    private SpuReport() {
    }

    public static void write(SpuReproduction r, Path dir) throws IOException {
        Files.writeString(dir.resolve(MARKDOWN), markdown(r));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve(JSON).toFile(), json(r));
        save(table34Plot(r), dir, SpuTable.TABLE_3_4.plot());
        save(table35Plot(r), dir, SpuTable.TABLE_3_5.plot());
        save(table36Plot(r), dir, SpuTable.TABLE_3_6.plot());
    }

    static String markdown(SpuReproduction r) {
        SpuReport m = new SpuReport();
        SpuSettings s = r.settings();
        long holding = r.allClaims().stream().filter(Claim::holds).count();
        m.line("# The Storage Processing Unit's applications (Minglani 2018, chapter 3) reproduced in the model");
        m.line("");
        m.line("Device profile `%s` and its sweeps, baseline host profile `%s`, seed %d. kNN: %,d 2-D points (%.1f MB), "
                + "k = %d; SpMV: %,d nonzeros in CSR pages over %,d columns. All times and energies are modeled (the "
                + "drive's model, `ModeledDrive`, and the host's, `HostModel`); the drive's energy is its whole "
                + "energy over the run, active and idle (minglani2018 3.3.4).", s.deviceProfile(), s.hostProfile(),
                s.seed(), SpuSettings.KNN_POINTS, SpuSettings.KNN_POINTS * 16 / 1e6, SpuSettings.KNN_K,
                SpuSettings.SPMV_NONZEROS, SpuSettings.SPMV_COLUMNS);
        m.line("");
        m.line("**Claims holding: %d of %d.**", holding, r.allClaims().size());
        m.line("");
        m.section(SpuTable.TABLE_3_4, "The `knn` tasklet on drives of the profile with 2, 4, 8, 16 and 32 coprocessor "
                + "cores. The cores split each page's distances and then merge their k best pairwise in ceil(log2 cores) "
                + "rounds (3.6.3-3.6.4): more cores shorten the split work by half and add a merge round, so the time, "
                + "and with it the drive's energy, is least where the two balance (about `per-page work x ln 2 / merge "
                + "round`, 15 cores here) and rises past it.");
        m.line("| cores | time ms | energy J | thesis J |");
        m.line("|---:|---:|---:|---:|");
        for (SpuReproduction.CoresRow row : r.table34()) {
            m.line("| %d | %.3f | %.5f | %.2f |", row.cores(), row.timeNs() / 1e6, row.energyNj() / 1e9, row.thesisJoules());
        }
        m.close(r, SpuTable.TABLE_3_4, "The thesis's joules are for its 6.6 GB OpenStreetMap data with the host; ours "
                + "for the drive alone over 16 MB, so the shape, not the joules, is compared. The minimum's place "
                + "depends on k (the merge's size per page), which the thesis does not give.");
        m.section(SpuTable.TABLE_3_5, "The `spmv` tasklet on drives of the profile with each channel's bus at 2.5, 1.67, "
                + "1.25 and 1 ns per byte, for rows of 250 and of 4 nonzeros (the same nonzeros in all). Rows of 250 "
                + "stream from the flash faster than the cores use them: the bus sets the time and the dies' active "
                + "time, so energy falls with bandwidth. Rows of 4 give a result a third the size of the matrix, "
                + "whose programming into the flash (500 us per page) outlasts the reads at every bus rate.");
        m.line("| ns/byte | nnz/row | time ms | energy J | thesis J |");
        m.line("|---:|---:|---:|---:|---:|");
        for (SpuReproduction.BusRow row : r.table35()) {
            m.line("| %.2f | %d | %.3f | %.5f | %.5f |", row.nsPerByte(), row.nnzPerRow(), row.timeNs() / 1e6,
                    row.energyNj() / 1e9, row.thesisJoules());
        }
        m.close(r, SpuTable.TABLE_3_5, "The thesis's matrices are not named for this table; ours are generated with a "
                + "fixed row length. Our nnz = 250 line falls less than the thesis's: past 2.5 ns/B the dies' 25 us "
                + "sense time (an assumption of the profile), not the bus, paces the reads, and a die draws power "
                + "for its sense time whatever the bus rate; the thesis's energy follows the bus time alone.");
        m.section(SpuTable.TABLE_3_6, "Each application (`kmeans`, `knn`, `spmv`, `bfs`) in the drive (the profile as loaded: 32 cores, 2.5 ns/B) and "
                + "on the baseline host, which reads the same bytes over the drive's link and runs the same tasklet "
                + "on one core, reading ahead (`HostModel.priceStreaming`); host energy is the whole host's plus the "
                + "drive serving the reads, the SPU's the drive's alone (the host is free meanwhile). Both answers "
                + "are checked identical. Speed-up = host time / drive time; energy savings = host energy / drive energy.");
        m.line("| application | drive ms | host ms | speed-up | drive J | host J | energy savings | thesis (application: savings, speed-up) |");
        m.line("|---|---:|---:|---:|---:|---:|---:|---|");
        for (SpuReproduction.GainRow row : r.table36()) {
            m.line("| %s | %.3f | %.3f | %.2f | %.5f | %.4f | %.2f | %s: %s, %s |", row.application(), row.deviceNs() / 1e6,
                    row.hostNs() / 1e6, row.speedup(), row.deviceNj() / 1e9, row.hostNj() / 1e9, row.energySavings(),
                    row.thesisApplication(), orDash(row.thesisEnergySavings()), orDash(row.thesisSpeedup()));
        }
        m.close(r, SpuTable.TABLE_3_6, "The thesis's baseline is its own host (2 GHz, 4-8 cores, Table 3.1) moving the "
                + "data over PCIe in its CoFluent model; ours is the Smart SSD paper's host profile on one core. Our "
                + "speed-ups are bounded by the link where the host keeps up with its reads (kNN, SpMV, BFS): the "
                + "drive reads its 32 channels at 12.8 GB/s, the host through the 3 GB/s link, about 4x; k-means, "
                + "whose 8 distances a point the host's one core computes slower than it reads, gains more, but not "
                + "the thesis's 66x. Our energy savings set the Smart SSD paper's whole-system host (44 W idle, 79 W "
                + "working) against the drive alone (0.5-2 W), where the thesis's host is its model's CPU and "
                + "DRAM (5.04 W and 0.34 W a core, Table 3.1): the directions hold, the figures mostly do not. "
                + "k-means and BFS run several executions (5 iterations; a level each), summed.");
        return m.md.toString();
    }

    static Map<String, Object> json(SpuReproduction r) {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("deviceProfile", r.settings().deviceProfile());
        run.put("hostProfile", r.settings().hostProfile());
        run.put("seed", r.settings().seed());
        run.put("knnPoints", SpuSettings.KNN_POINTS);
        run.put("knnK", SpuSettings.KNN_K);
        run.put("spmvNonzeros", SpuSettings.SPMV_NONZEROS);
        run.put("spmvColumns", SpuSettings.SPMV_COLUMNS);
        root.put("run", run);
        List<Map<String, Object>> tables = new ArrayList<>();
        for (SpuTable t : SpuTable.values()) {
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("id", t.plot());
            table.put("title", t.title());
            table.put("plots", List.of(t.plot() + ".png", t.plot() + ".svg"));
            table.put("data", switch (t) {
                case TABLE_3_4 -> r.table34();
                case TABLE_3_5 -> r.table35();
                case TABLE_3_6 -> r.table36();
            });
            table.put("claims", r.claims().get(t));
            table.put("assumptions", r.assumptions().get(t));
            tables.add(table);
        }
        root.put("tables", tables);
        root.put("claimsHolding", r.allClaims().stream().filter(Claim::holds).count());
        root.put("claimsTotal", r.allClaims().size());
        return root;
    }

    private static XYChart table34Plot(SpuReproduction r) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(SpuTable.TABLE_3_4.title())
                .xAxisTitle("coprocessor cores").yAxisTitle("energy, normalized to 2 cores").build();
        c.getStyler().setXAxisLogarithmic(true);
        List<Double> cores = r.table34().stream().map(x -> (double) x.cores()).toList();
        double ours0 = r.table34().get(0).energyNj();
        double thesis0 = r.table34().get(0).thesisJoules();
        c.addSeries("model", cores, r.table34().stream().map(x -> x.energyNj() / ours0).toList())
                .setMarker(SeriesMarkers.CIRCLE);
        c.addSeries("thesis", cores, r.table34().stream().map(x -> x.thesisJoules() / thesis0).toList())
                .setMarker(SeriesMarkers.DIAMOND);
        return c;
    }

    private static XYChart table35Plot(SpuReproduction r) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(SpuTable.TABLE_3_5.title())
                .xAxisTitle("NAND bus (ns per byte)").yAxisTitle("energy, normalized to 2.5 ns/B").build();
        for (int nnz : SpuSettings.NNZ_PER_ROW) {
            List<SpuReproduction.BusRow> rows = r.table35().stream().filter(x -> x.nnzPerRow() == nnz).toList();
            List<Double> ns = rows.stream().map(SpuReproduction.BusRow::nsPerByte).toList();
            double ours0 = rows.get(0).energyNj();
            double thesis0 = rows.get(0).thesisJoules();
            c.addSeries("model, nnz = " + nnz, ns, rows.stream().map(x -> x.energyNj() / ours0).toList())
                    .setMarker(SeriesMarkers.CIRCLE);
            c.addSeries("thesis, nnz = " + nnz, ns, rows.stream().map(x -> x.thesisJoules() / thesis0).toList())
                    .setMarker(SeriesMarkers.DIAMOND);
        }
        return c;
    }

    private static CategoryChart table36Plot(SpuReproduction r) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(SpuTable.TABLE_3_6.title())
                .xAxisTitle("application").yAxisTitle("SPU over the host (x)").build();
        List<String> apps = r.table36().stream().map(SpuReproduction.GainRow::application).toList();
        c.addSeries("speed-up", apps, r.table36().stream().map(SpuReproduction.GainRow::speedup).toList());
        c.addSeries("energy savings", apps, r.table36().stream().map(SpuReproduction.GainRow::energySavings).toList());
        return c;
    }

    private static void save(Chart<?, ?> chart, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }

    private void section(SpuTable t, String how) {
        line("## %s", t.title());
        line("");
        line(how);
        line("");
    }

    private void close(SpuReproduction r, SpuTable t, String caveat) {
        line("");
        line("![%s](%s.png) ([SVG](%s.svg))", t.plot(), t.plot(), t.plot());
        line("");
        line("| claim (thesis) | ours | holds |");
        line("|---|---|---|");
        for (Claim c : r.claims().get(t)) {
            line("| %s | %s | %s |", c.paper(), c.ours(), c.holds() ? "yes" : "**no**");
        }
        line("");
        line(caveat);
        line("");
        List<Assumption> assumptions = r.assumptions().get(t);
        line("Profile numbers this table depends on that are assumptions (%d):", assumptions.size());
        line("");
        for (Assumption a : assumptions) {
            line("- `%s` `%s` = %s: %s", a.profile(), a.key(), a.value(), a.why());
        }
        line("");
    }

    private static String orDash(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private void line(String format, Object... args) {
        md.append(args.length == 0 ? format : String.format(Locale.ROOT, format, args)).append('\n');
    }
}

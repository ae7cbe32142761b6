package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.Variant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One plot per figure with XChart, each saved as PNG and SVG (headless AWT). */
final class Plots {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private Plots() {
    }

    static void write(Reproduction r, Path dir) throws IOException {
        save(fig6(r), dir, "fig6");
        save(fig8(r, Query.Q1), dir, "fig8-q1");
        save(fig8(r, Query.Q2), dir, "fig8-q2");
        save(fig9(r), dir, "fig9");
        save(fig10(r), dir, "fig10");
        save(filter(r), dir, "filter");
    }

    private static XYChart fig6(Reproduction r) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(Figure.FIG6.title())
                .xAxisTitle("DRAM accesses per 8 KB page").yAxisTitle("time normalized to the host").build();
        c.getStyler().setXAxisLogarithmic(true);
        List<Double> x = new ArrayList<>();
        List<Double> device = new ArrayList<>();
        List<Double> host = new ArrayList<>();
        for (Fig6Microbench.Point p : r.fig6().points()) {
            x.add((double) p.accessesPerPage());
            device.add(p.normalized());
            host.add(1.0);
        }
        c.addSeries("device", x, device).setMarker(SeriesMarkers.CIRCLE);
        c.addSeries("host", x, host).setMarker(SeriesMarkers.NONE);
        return c;
    }

    private static CategoryChart fig8(Reproduction r, Query q) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Fig. 8: " + q + ", modeled time by entry size").xAxisTitle("entry size (bytes)")
                .yAxisTitle("modeled time (s)").build();
        List<String> sizes = Settings.ENTRY_SIZES.stream().map(String::valueOf).toList();
        List<Fig8Queries.Row> rows = r.fig8().stream().filter(x -> x.query() == q).toList();
        c.addSeries(Variant.HOST_NORMAL.cliName(), sizes, rows.stream().map(x -> x.hostNormalNs() / 1e9).toList());
        c.addSeries(Variant.HOST_OPTIMIZED.cliName(), sizes, rows.stream().map(x -> x.hostOptimizedNs() / 1e9).toList());
        c.addSeries(Variant.DEVICE.cliName(), sizes, rows.stream().map(x -> x.deviceNs() / 1e9).toList());
        return c;
    }

    private static CategoryChart fig9(Reproduction r) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(Figure.FIG9.title())
                .xAxisTitle("version").yAxisTitle("% of all host cores").build();
        c.getStyler().setStacked(true);
        List<String> versions = r.fig9().stream().map(x -> x.version().cliName()).toList();
        c.addSeries("user", versions, r.fig9().stream().map(Fig9Cpu.Row::userPercent).toList());
        c.addSeries("kernel", versions, r.fig9().stream().map(Fig9Cpu.Row::kernelPercent).toList());
        c.addSeries("idle", versions, r.fig9().stream().map(Fig9Cpu.Row::idlePercent).toList());
        return c;
    }

    /** Power as steps: each segment drawn flat from its start to its end. */
    private static XYChart fig10(Reproduction r) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(Figure.FIG10.title())
                .xAxisTitle("time (s): 32, 64, 128, 256 B datasets in turn").yAxisTitle("system power (W)").build();
        for (Variant v : Variant.values()) {
            List<Double> t = new ArrayList<>();
            List<Double> w = new ArrayList<>();
            for (Fig10Power.Segment s : r.fig10().segments()) {
                if (s.version() == v) {
                    t.add(s.startNs() / 1e9);
                    w.add(s.watts());
                    t.add((s.startNs() + s.durationNs()) / 1e9);
                    w.add(s.watts());
                }
            }
            XYSeries series = c.addSeries(v.cliName(), t, w);
            series.setMarker(SeriesMarkers.NONE);
        }
        return c;
    }

    private static CategoryChart filter(Reproduction r) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(Figure.FILTER.title())
                .xAxisTitle("run").yAxisTitle("modeled time (s)").build();
        c.getStyler().setLegendVisible(false);
        FilterExperiment.Result f = r.filter();
        c.addSeries("time", List.of("device, first match", "device, full", "host"),
                List.of(f.deviceFirstMatchNs() / 1e9, f.deviceFullNs() / 1e9, f.hostNs() / 1e9));
        return c;
    }

    private static void save(Chart<?, ?> chart, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}

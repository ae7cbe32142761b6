package dev.ispd.examples.capacity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One plot per job with XChart (PNG and SVG, headless): time against drives, the array and a host per core count. */
final class CapacityPlots {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private CapacityPlots() {
    }

    static void write(CapacityReport r, Path dir) throws IOException {
        for (JobPlan j : r.jobs()) {
            XYChart c = chart(j, r.run().get("timeUnit").toString());
            BitmapEncoder.saveBitmap(c, dir.resolve(j.id() + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
            VectorGraphicsEncoder.saveVectorGraphic(c, dir.resolve(j.id() + ".svg").toString(),
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
    }

    private static XYChart chart(JobPlan j, String unit) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(j.title() + ": time by drive count")
                .xAxisTitle("drives").yAxisTitle("time (" + unit + ")").build();
        c.getStyler().setYAxisLogarithmic(true);
        List<JobPlan.Row> rows = j.rows();
        List<Integer> drives = rows.stream().map(JobPlan.Row::drives).toList();
        c.addSeries("CSD array", drives, rows.stream().map(JobPlan.Row::arrayS).toList())
                .setMarker(SeriesMarkers.CIRCLE);
        IntStream.range(0, j.cores().size()).forEach(i -> c.addSeries("host(" + j.cores().get(i) + ")", drives,
                rows.stream().map(row -> row.hostS().get(i)).toList()).setMarker(SeriesMarkers.NONE));
        return c;
    }
}

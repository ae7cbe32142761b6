package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes {@code report.md}: the settings, then per figure how it was computed, its numbers, its
 * plot, the paper's claims beside ours with holds yes/no, and the profile assumptions it rests on.
 */
final class MarkdownReport {
    static final String FILE = "report.md";

    private final StringBuilder md = new StringBuilder();

    private MarkdownReport() {
    }

    static void write(Reproduction r, Path dir) throws IOException {
        Files.writeString(dir.resolve(FILE), render(r));
    }

    static String render(Reproduction r) {
        MarkdownReport m = new MarkdownReport();
        m.header(r);
        m.fig6(r);
        m.fig8(r);
        m.fig9(r);
        m.fig10(r);
        m.filter(r);
        return m.md.toString();
    }

    private void header(Reproduction r) {
        Settings s = r.settings();
        long holding = r.allClaims().stream().filter(Claim::holds).count();
        line("# Smart SSD (Kang et al. 2013) reproduced in the model");
        line("");
        line("Device profile `%s` (one in-JVM drive), host profile `%s`, seed %d.", s.deviceProfile(), s.hostProfile(),
                s.seed());
        line("Datasets: %,d WorldCup98 entries per entry size (%s); microbenchmark %.1f MB of random data, filter "
                + "%.1f MB of 32 B structures (the paper's 1 GB scaled alike).", s.entries(), s.full()
                ? "the paper's size" : String.format(Locale.ROOT, "%.3f of the paper's 7,000,000; `--full` runs all",
                s.entries() / (double) Settings.PAPER_ENTRIES), r.fig6().bytes() / 1e6, r.filter().bytes() / 1e6);
        line("All times and energies are modeled (drive model and host profile), not wall time; they grow linearly "
                + "with the data, so the ratios the claims rest on do not depend on the scale.");
        line("");
        line("**Claims holding: %d of %d.**", holding, r.allClaims().size());
        line("");
    }

    private void fig6(Reproduction r) {
        section(Figure.FIG6, "The `microbench` tasklet reads N four-byte ints per 8 KB page and compares each, in the "
                + "drive through the native client and on the host over the same bytes (HostRunner priced by the host "
                + "profile); device time is normalized to the host's.");
        line("| accesses / page | device s | host s | device / host |");
        line("|---:|---:|---:|---:|");
        for (Fig6Microbench.Point p : r.fig6().points()) {
            line("| %d | %.4f | %.4f | %.3f |", p.accessesPerPage(), p.deviceNs() / 1e9, p.hostNs() / 1e9,
                    p.normalized());
        }
        line("");
        Double be = r.fig6().breakEvenAccesses();
        line("Break-even: %s.", be == null ? "none in range" : String.format(Locale.ROOT, "%.0f accesses per page", be));
        close(r, Figure.FIG6);
    }

    private void fig8(Reproduction r) {
        section(Figure.FIG8, "Each version is a Hadoop job in the local runner over the osd:// file on the drive. "
                + "host-normal: stock Hadoop, priced from its task counters by HadoopPathModel; host-optimized: the "
                + "tasklet's in-memory aggregation on the host (IspdCounter host time); device: the tasklet in the "
                + "drive (IspdCounter device time).");
        line("| query | entry B | host-normal s | host-optimized s | device s | host-normal / device | "
                + "host-optimized / device |");
        line("|---|---:|---:|---:|---:|---:|---:|");
        for (Fig8Queries.Row x : r.fig8()) {
            line("| %s | %d | %.3f | %.3f | %.3f | %.2f | %.2f |", x.query(), x.entrySize(), x.hostNormalNs() / 1e9,
                    x.hostOptimizedNs() / 1e9, x.deviceNs() / 1e9, x.speedupOverHostNormal(),
                    x.speedupOverHostOptimized());
        }
        close(r, Figure.FIG8);
    }

    private void fig9(Reproduction r) {
        section(Figure.FIG9, "Host CPU over each version's own run, as a share of all cores: user is the modeled "
                + "compute (Hadoop's record path, or the in-memory aggregation), kernel the per-byte copy of the I/O "
                + "path; the device version's host only issues commands and polls (hadoop.deviceCallCpuNs per call).");
        line("| version | user % | kernel % | idle % |");
        line("|---|---:|---:|---:|");
        for (Fig9Cpu.Row x : r.fig9()) {
            line("| %s | %.2f | %.2f | %.2f |", x.version().cliName(), x.userPercent(), x.kernelPercent(),
                    x.idlePercent());
        }
        close(r, Figure.FIG9);
    }

    private void fig10(Reproduction r) {
        section(Figure.FIG10, "Per entry size: wr (the dataset written to the drive: host idle + its data-moving "
                + "power, the drive's modeled write from DEVICE_LOG), a 5 s pause, exec (Q1), a 5 s pause. System "
                + String.format(Locale.ROOT, "power = host (44 W idle) + drive; idle system %.2f W.",
                r.fig10().idleSystemWatts()));
        line("| version | entry B | wr s | wr W | exec s | exec W | exec J |");
        line("|---|---:|---:|---:|---:|---:|---:|");
        for (Variant v : Variant.values()) {
            for (int size : Settings.ENTRY_SIZES) {
                Fig10Power.Segment wr = segment(r, v, size, Fig10Power.Phase.WR);
                Fig10Power.Segment ex = segment(r, v, size, Fig10Power.Phase.EXEC);
                line("| %s | %d | %.3f | %.1f | %.3f | %.1f | %.1f |", v.cliName(), size, wr.durationNs() / 1e9,
                        wr.watts(), ex.durationNs() / 1e9, ex.watts(), ex.energyNj() / 1e9);
            }
        }
        line("");
        line("| version | wr J | pauses J | exec J | total J | exec adds W |");
        line("|---|---:|---:|---:|---:|---:|");
        for (Fig10Power.Totals t : r.fig10().totals()) {
            line("| %s | %.1f | %.1f | %.1f | %.1f | %.2f-%.2f |", t.version().cliName(), t.wrNj() / 1e9,
                    t.idleNj() / 1e9, t.execNj() / 1e9, t.totalNj() / 1e9, t.minExecAddedWatts(),
                    t.maxExecAddedWatts());
        }
        close(r, Figure.FIG10);
    }

    private void filter(Reproduction r) {
        FilterExperiment.Result f = r.filter();
        section(Figure.FILTER, "The `filter` tasklet returns the pages holding a structure whose size field matches; "
                + "every page's first match is at 60% of the page. Device first-match and full comparison run in the "
                + "drive, the host run is HostRunner priced by the host profile; all three return the same pages.");
        line("| run | modeled s |");
        line("|---|---:|");
        line("| device, first match | %.4f |", f.deviceFirstMatchNs() / 1e9);
        line("| device, full comparison | %.4f |", f.deviceFullNs() / 1e9);
        line("| host | %.4f |", f.hostNs() / 1e9);
        line("");
        line("%,d pages matched.", f.pagesMatched());
        line("");
        line("The paper's two figures together put the device's full comparison at 1.18 / 0.6 = 1.97x the host's "
                + "time, which leaves the host no time beyond its transfer: its comparisons hide under its reads. The "
                + "host run reads ahead, comparing one batch while the next is read (HostModel.priceStreaming), so of "
                + "its %.4f s, %.4f s is the transfer and only its last batch's comparisons show.",
                f.hostNs() / 1e9, f.hostTransferNs() / 1e9);
        close(r, Figure.FILTER);
    }

    private static Fig10Power.Segment segment(Reproduction r, Variant v, int size, Fig10Power.Phase phase) {
        return r.fig10().segments().stream()
                .filter(s -> s.version() == v && s.entrySize() == size && s.phase() == phase).findFirst().orElseThrow();
    }

    private void section(Figure f, String how) {
        line("## %s", f.title());
        line("");
        line(how);
        line("");
    }

    private void close(Reproduction r, Figure f) {
        line("");
        for (String plot : f.plots()) {
            line("![%s](%s.png) ([SVG](%s.svg))", plot, plot, plot);
        }
        line("");
        line("| claim (paper) | ours | holds |");
        line("|---|---|---|");
        for (Claim c : r.claims().get(f)) {
            line("| %s | %s | %s |", c.paper(), c.ours(), c.holds() ? "yes" : "**no**");
        }
        line("");
        List<Assumption> assumptions = r.assumptions().get(f);
        line("Profile numbers this figure depends on that are assumptions (%d):", assumptions.size());
        line("");
        for (Assumption a : assumptions) {
            line("- `%s` `%s` = %s: %s", a.profile(), a.key(), a.value(), a.why());
        }
        line("");
    }

    private void line(String format, Object... args) {
        md.append(args.length == 0 ? format : String.format(Locale.ROOT, format, args)).append('\n');
    }
}

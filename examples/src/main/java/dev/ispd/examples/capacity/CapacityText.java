package dev.ispd.examples.capacity;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The report on standard output: per job its inputs, the time table and the break-evens; then the points and the TCO. */
final class CapacityText {
    private CapacityText() {
    }

    static void print(CapacityReport r, PrintStream out) {
        String unit = r.run().get("timeUnit").toString();
        for (JobPlan j : r.jobs()) {
            CsdPlan p = j.plan();
            out.printf(Locale.ROOT, "%s (times in %s)%n", j.title(), unit);
            out.printf(Locale.ROOT, "  host: T_D %.4g, T_C %.4g (compute share %.2f); drive: T'_D %.4g, T'_C %.4g; "
                            + "K %d; a %.2f, b %.2f%n", p.hostDataS(), p.hostComputeS(), p.hostComputeShare(),
                    p.driveDataS(), p.driveComputeS(), p.busDrives(), p.dataSlowdown(), p.computeSlowdown());
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %6s %12s", "drives", "CSD array"));
            j.cores().forEach(c -> head.append(String.format(Locale.ROOT, " %12s", "host(" + c + ")")));
            out.println(head);
            for (JobPlan.Row row : j.rows()) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %6d %12.4g", row.drives(),
                        row.arrayS()));
                row.hostS().forEach(t -> line.append(String.format(Locale.ROOT, " %12.4g", t)));
                out.println(line);
            }
            StringBuilder be = new StringBuilder("  break-even:");
            for (JobPlan.BreakEven b : j.breakEvens()) {
                be.append(String.format(Locale.ROOT, " host(%d) %s;", b.cores(),
                        b.drives() == null ? "none within " + j.maxDrives() : b.drives() + (b.drives() == 1 ? " drive" : " drives")));
            }
            out.println(be.substring(0, be.length() - 1));
            out.println();
        }
        if (!r.points().isEmpty()) {
            long holding = r.points().stream().filter(PublishedPoint::holds).count();
            out.printf(Locale.ROOT, "published points (paper / ours / holds): %d of %d hold%n", holding, r.points().size());
            for (PublishedPoint p : r.points()) {
                out.printf(Locale.ROOT, "  %-4s %-32s %s%n", p.holds() ? "yes" : "NO", p.id(), p.ours());
                if (p.note() != null) {
                    out.printf(Locale.ROOT, "       %s%n", p.note());
                }
            }
            out.println();
        }
        printTco(r.tco(), out);
        printScheduler(r.scheduler(), out);
    }

    private static void printScheduler(List<SchedulerAgreement.Case> cases, PrintStream out) {
        if (cases.isEmpty()) {
            return;
        }
        long agree = cases.stream().filter(SchedulerAgreement.Case::within).count();
        out.printf(Locale.ROOT, "%nthe planner against the offload scheduler's makespan (%d split(s)): %d of %d within "
                + "%.0f%%%n", cases.get(0).splits(), agree, cases.size(), 100 * SchedulerAgreement.TOLERANCE);
        for (SchedulerAgreement.Case c : cases) {
            out.printf(Locale.ROOT, "  %-6s %2d drive(s)%s: planner %.4g s, scheduler %.4g s, %+.1f%%%s%n", c.placement(),
                    c.drives(), c.cores() == 0 ? "          " : String.format(Locale.ROOT, ", %2d core(s)", c.cores()),
                    c.plannerS(), c.schedulerS(), 100 * c.difference(), c.within() ? "" : ": priced differently:");
            c.pricedDifferently().forEach(why -> out.printf(Locale.ROOT, "         - %s%n", why));
        }
    }

    private static void printTco(List<Tco.Row> rows, PrintStream out) {
        if (rows.isEmpty()) {
            return;
        }
        out.println("TCO (CPU and drives, same throughput as the first system)");
        for (Tco.Row row : rows) {
            Tco.System s = row.system();
            out.printf(Locale.ROOT, "  %-36s %-14s $%,8.0f + %2d %s x $%,.0f = $%,9.0f  saved %5.1f%%%s%n", s.name(),
                    s.cpu(), s.cpuUsd(), s.drives(), s.driveKind(), s.driveUsd(), row.totalUsd(), 100 * row.saved(),
                    row.markPerDollar() == null ? "" : String.format(Locale.ROOT, "  mark/$ %.1f", row.markPerDollar()));
        }
    }
}

package dev.ispd.examples.reproduce.spu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.reproduce.Claim;
import dev.ispd.examples.reproduce.Reproduce;
import dev.ispd.cli.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SPU thesis's Tables 3.4-3.6 in the model (issue 26 point 4): the shapes the thesis reports,
 * asserted on the modeled numbers themselves, and the claims that the report marks as not
 * holding, so a change that moves them shows here. Deterministic: two runs give the same report.
 */
class SpuReproductionTest {
    private static SpuReproduction r;

    @BeforeAll
    static void run() throws Exception {
        r = SpuReproducer.run(new SpuSettings("spu-2018", "host-i5-2500", 1998), step -> { });
    }

    @Test
    void knnEnergyFallsToAMinimumAt16CoresAndRisesAt32() {
        List<Long> energy = r.table34().stream().map(SpuReproduction.CoresRow::energyNj).toList();
        assertEquals(List.of(2, 4, 8, 16, 32), r.table34().stream().map(SpuReproduction.CoresRow::cores).toList());
        for (int i = 1; i <= 3; i++) {
            assertTrue(energy.get(i) < energy.get(i - 1), "falls from " + r.table34().get(i - 1).cores() + " cores: " + energy);
        }
        assertTrue(energy.get(4) > energy.get(3), "rises at 32 cores: " + energy);
        assertTrue(energy.get(0) > energy.get(4), "2 cores cost the most, as in the thesis: " + energy);
        assertHolds("knn-cores-falls", "knn-cores-minimum-16", "knn-cores-rise-32");
    }

    @Test
    void spmvEnergyFallsWithBandwidthAtNnz250AndStaysFlatAtNnz4() {
        List<Long> dense = energies(250);
        List<Long> thin = energies(4);
        for (int i = 1; i < dense.size(); i++) {
            assertTrue(dense.get(i) < dense.get(i - 1), "nnz 250 falls at every step: " + dense);
        }
        double denseFall = 1 - dense.get(3) / (double) dense.get(0);
        double thinSpread = thin.stream().mapToLong(Long::longValue).max().orElseThrow()
                / (double) thin.stream().mapToLong(Long::longValue).min().orElseThrow() - 1;
        assertTrue(thinSpread <= SpuClaims.FLAT, "nnz 4 flat: " + thin);
        assertTrue(denseFall > 3 * thinSpread, "nnz 250 responds to the bus far more than nnz 4: " + dense + " " + thin);
        assertHolds("spmv-nnz250-falls", "spmv-nnz4-flat");
        // the thesis's -51% is not reached: the dies' sense time, not the bus, paces reads past 2.5 ns/B
        assertEquals(false, r.claim("spmv-nnz250-halves").holds());
    }

    @Test
    void everyApplicationGainsOverTheHost() {
        for (SpuReproduction.GainRow g : r.table36()) {
            assertTrue(g.speedup() > 1 && g.energySavings() > 1, g.toString());
        }
        assertEquals(List.of("k-means", "kNN", "SpMV, nnz = 250", "SpMV, nnz = 4", "BFS"),
                r.table36().stream().map(SpuReproduction.GainRow::application).toList());
        assertHolds("k-means-gains", "knn-gains", "spmv-nnz-250-gains", "spmv-nnz-4-gains", "bfs-gains",
                "spmv-nnz-4-speedup", "bfs-speedup", "k-means-energy");
        // the link bounds our speed-ups near 4x and the host's whole-system power inflates our savings
        for (String missed : List.of("k-means-speedup", "knn-speedup", "knn-energy", "spmv-nnz-250-energy", "bfs-energy")) {
            assertEquals(false, r.claim(missed).holds(), missed);
        }
    }

    @Test
    void theCommandWritesTheSameReportAgainWithPlots(@TempDir Path dir) throws Exception {
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new Reproduce()).setErr(new PrintWriter(err)).execute("--spu", "--out", dir.toString());
        assertEquals(0, status, err.toString());
        String md = Files.readString(dir.resolve(SpuReport.MARKDOWN));
        assertEquals(SpuReport.markdown(r), md, "a second run gives the same report");
        assertTrue(Files.readString(dir.resolve(SpuReport.JSON)).contains("\"claimsTotal\" : " + r.allClaims().size()));
        for (SpuTable t : SpuTable.values()) {
            assertTrue(Files.size(dir.resolve(t.plot() + ".png")) > 0, t.plot());
            assertTrue(Files.size(dir.resolve(t.plot() + ".svg")) > 0, t.plot());
        }
        assertTrue(md.contains("| 16 | ") && md.contains("| 6.99 |"), "Table 3.4 beside the thesis's");
        assertTrue(md.contains("`spu-2018` `flash.readLatencyNs` = 25000"), "assumptions listed");
    }

    private static List<Long> energies(int nnz) {
        return r.table35().stream().filter(x -> x.nnzPerRow() == nnz).map(SpuReproduction.BusRow::energyNj).toList();
    }

    private static void assertHolds(String... ids) {
        for (String id : ids) {
            Claim c = r.claim(id);
            assertTrue(c.holds(), id + ": " + c.ours());
        }
    }
}

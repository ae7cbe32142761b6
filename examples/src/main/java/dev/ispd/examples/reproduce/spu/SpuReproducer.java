package dev.ispd.examples.reproduce.spu;

import dev.ispd.examples.reproduce.Assumption;
import dev.ispd.examples.reproduce.Claim;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Parameter;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.spu.BfsLevels;
import dev.ispd.tasklet.spu.Centroids;
import dev.ispd.tasklet.spu.KmeansFactory;
import dev.ispd.tasklet.spu.KmeansResult;
import dev.ispd.tasklet.spu.KnnFactory;
import dev.ispd.tasklet.spu.Points;
import dev.ispd.tasklet.spu.SpmvFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Runs the SPU thesis's applications (minglani2018 3.6) on drives of the device profile and its
 * sweeps (coprocessor count, NAND bus rate) and on the baseline host, and checks the thesis's
 * Tables 3.4, 3.5 and 3.6. The drive and host answers of each application must be identical.
 */
public final class SpuReproducer {
    /** Table 3.4 (joules, 2..32 cores). */
    static final double[] THESIS_3_4 = {8.97, 7.35, 7.16, 6.99, 7.34};
    /** Table 3.5 (joules at 2.5, 1.67, 1.25, 1 ns per byte), nnz = 250 then nnz = 4. */
    static final double[][] THESIS_3_5 = {{0.101, 0.072, 0.057, 0.049}, {0.10333, 0.10326, 0.10323, 0.10320}};

    private final SpuBench bench;
    private final DeviceProfile device;
    private final HostProfile host;
    private final SpuSettings settings;

    private SpuReproducer(SpuSettings settings) {
        this.settings = settings;
        this.device = Profiles.device(settings.deviceProfile());
        this.host = Profiles.host(settings.hostProfile());
        this.bench = new SpuBench(host);
    }

    public static SpuReproduction run(SpuSettings settings, Consumer<String> progress) throws IOException {
        return new SpuReproducer(settings).run(progress);
    }

    private SpuReproduction run(Consumer<String> progress) throws IOException {
        ByteBuffer points = SpuData.points(SpuSettings.KNN_POINTS, settings.seed());
        Random r = new Random(settings.seed() + 1);
        Params knn = Params.of(KnnFactory.K, Integer.toString(SpuSettings.KNN_K),
                KnnFactory.QX, Integer.toString(r.nextInt(SpuData.EXTENT)), KnnFactory.QY, Integer.toString(r.nextInt(SpuData.EXTENT)));
        Params spmv = Params.of(SpmvFactory.X, SpmvFactory.x(SpuData.vector(SpuSettings.SPMV_COLUMNS, settings.seed())));
        List<ByteBuffer> matrices = new ArrayList<>();
        for (int nnz : SpuSettings.NNZ_PER_ROW) {
            matrices.add(SpuData.matrix(SpuSettings.SPMV_NONZEROS / nnz, nnz, SpuSettings.SPMV_COLUMNS,
                    device.pageSizeBytes(), settings.seed() + nnz));
        }

        progress.accept("Table 3.4: kNN, 2-32 coprocessor cores");
        List<SpuReproduction.CoresRow> t34 = new ArrayList<>();
        for (int i = 0; i < SpuSettings.CORES.size(); i++) {
            int cores = SpuSettings.CORES.get(i);
            SpuBench.Run run = bench.device(device.withCores(cores, "minglani2018 Table 3.4's sweep"), "knn", knn, points);
            t34.add(new SpuReproduction.CoresRow(cores, run.timeNs(), run.energyNj(), THESIS_3_4[i]));
        }

        progress.accept("Table 3.5: SpMV, NAND bus 2.5-1 ns per byte");
        List<SpuReproduction.BusRow> t35 = new ArrayList<>();
        for (int m = 0; m < matrices.size(); m++) {
            for (int i = 0; i < SpuSettings.BUS_BYTES_PER_SEC.size(); i++) {
                long rate = SpuSettings.BUS_BYTES_PER_SEC.get(i);
                SpuBench.Run run = bench.device(device.withChannelBandwidth(rate, "minglani2018 Table 3.5's sweep"),
                        "spmv", spmv, matrices.get(m));
                t35.add(new SpuReproduction.BusRow(1e9 / rate, SpuSettings.NNZ_PER_ROW.get(m), run.timeNs(),
                        run.energyNj(), THESIS_3_5[m][i]));
            }
        }

        progress.accept("Table 3.6: drive against the baseline host");
        List<SpuReproduction.GainRow> t36 = new ArrayList<>();
        t36.add(kmeans(SpuData.points(SpuSettings.KMEANS_POINTS, settings.seed() + 2)));
        t36.add(gain("kNN", "knn", knn, points, "kNN", 11.25, 10.12));
        t36.add(gain("SpMV, nnz = 250", "spmv", spmv, matrices.get(0), "SpMV Cranskeg_2", 39.73, null));
        t36.add(gain("SpMV, nnz = 4", "spmv", spmv, matrices.get(1), "SpMV Mesh 2048", null, 4.00));
        t36.add(bfs(SpuData.graph(SpuSettings.BFS_VERTICES, SpuSettings.BFS_DEGREE, device.pageSizeBytes(),
                settings.seed() + 3)));

        Map<SpuTable, List<Claim>> claims = new EnumMap<>(SpuTable.class);
        claims.put(SpuTable.TABLE_3_4, SpuClaims.table34(t34));
        claims.put(SpuTable.TABLE_3_5, SpuClaims.table35(t35));
        claims.put(SpuTable.TABLE_3_6, SpuClaims.table36(t36));
        return new SpuReproduction(settings, t34, t35, t36, claims, assumptions());
    }

    /** One application in the drive (the profile as loaded) and on the host; their answers must agree. */
    private SpuReproduction.GainRow gain(String name, String tasklet, Params params, ByteBuffer data,
                                         String thesisName, Double thesisSavings, Double thesisSpeedup) throws IOException {
        Both both = new Both(name);
        both.run(tasklet, params, data);
        return both.row(thesisName, thesisSavings, thesisSpeedup);
    }

    /** k-means: {@link SpuSettings#KMEANS_ITERATIONS} iterations from the first k points, each an execution. */
    private SpuReproduction.GainRow kmeans(ByteBuffer points) throws IOException {
        int k = SpuSettings.KMEANS_K;
        int[] xs = new int[k];
        int[] ys = new int[k];
        for (int i = 0; i < k; i++) {
            xs[i] = points.getInt(i * Points.RECORD_SIZE + 4);
            ys[i] = points.getInt(i * Points.RECORD_SIZE + 8);
        }
        Centroids centroids = new Centroids(xs, ys);
        Both both = new Both("k-means");
        for (int i = 0; i < SpuSettings.KMEANS_ITERATIONS; i++) {
            byte[] sums = both.run("kmeans", Params.of(KmeansFactory.CENTROIDS, centroids.param()), points);
            centroids = KmeansResult.decode(sums).next(centroids);
        }
        return both.row("K-means", 423.98, 66.17);
    }

    /** BFS from vertex 0, a level per execution until nothing new is reached. */
    private SpuReproduction.GainRow bfs(ByteBuffer graph) throws IOException {
        Both both = new Both("BFS");
        BfsLevels.search(SpuSettings.BFS_VERTICES, 0, params -> both.run("bfs", params, graph));
        return both.row("Graph 500", 44.34, 5.84);
    }

    /** The executions of one application in the drive and on the host, summed; each pair's answers must agree. */
    private final class Both {
        private final String name;
        private long deviceNs;
        private long deviceNj;
        private long hostNs;
        private long hostNj;

        Both(String name) {
            this.name = name;
        }

        byte[] run(String tasklet, Params params, ByteBuffer data) throws IOException {
            SpuBench.Run onDrive = bench.device(device, tasklet, params, data);
            SpuBench.Run onHost = bench.host(device, tasklet, params, data);
            if (!Arrays.equals(onDrive.result(), onHost.result())) {
                throw new IllegalStateException(name + ": the drive's and the host's answers differ");
            }
            deviceNs += onDrive.timeNs();
            deviceNj += onDrive.energyNj();
            hostNs += onHost.timeNs();
            hostNj += onHost.energyNj();
            return onDrive.result();
        }

        SpuReproduction.GainRow row(String thesisName, Double thesisSavings, Double thesisSpeedup) {
            return new SpuReproduction.GainRow(name, deviceNs, deviceNj, hostNs, hostNj, thesisName, thesisSavings,
                    thesisSpeedup);
        }
    }

    /** Per table, the assumption-marked numbers it depends on (Table 3.6 also the host's). */
    private Map<SpuTable, List<Assumption>> assumptions() {
        Map<SpuTable, List<Assumption>> out = new EnumMap<>(SpuTable.class);
        for (SpuTable t : SpuTable.values()) {
            List<Assumption> list = new ArrayList<>();
            for (Parameter p : device.assumptions()) {
                if (t.dependsOn(p.key())) {
                    list.add(new Assumption(device.name(), p.key(), p.value(), p.assumption()));
                }
            }
            if (t == SpuTable.TABLE_3_6) {
                for (Parameter p : host.assumptions()) {
                    if (t.dependsOn(p.key())) {
                        list.add(new Assumption(host.name(), p.key(), p.value(), p.assumption()));
                    }
                }
            }
            out.put(t, List.copyOf(list));
        }
        return out;
    }
}

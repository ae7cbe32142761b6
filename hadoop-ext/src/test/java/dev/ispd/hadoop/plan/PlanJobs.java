package dev.ispd.hadoop.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Plan;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** Plan DeviceJobs in Hadoop's local runner over a test's drives, each writing its output under {@code work}. */
public final class PlanJobs {
    private final OsdDrives osd;
    private final java.nio.file.Path work;
    private final AtomicInteger jobs = new AtomicInteger();

    public PlanJobs(OsdDrives osd, java.nio.file.Path work) {
        this.osd = osd;
        this.work = work;
    }

    /** A job running {@code plan} over {@code input} under {@code policy}. */
    public DeviceJob job(String policy, Plan plan, Path input) throws IOException {
        Configuration conf = new Configuration(osd.conf());
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        conf.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        String name = "plan-" + policy + "-" + jobs.incrementAndGet();
        return PlanDeviceMapper.setPlan(DeviceJob.getInstance(conf, name), plan).addInputPath(input)
                .setOutputPath(new Path(work.resolve("out-" + name).toUri()));
    }

    /** Runs {@code job} to success and returns its reducer's output. */
    public String run(DeviceJob job) throws Exception {
        assertTrue(job.waitForCompletion(false), "job " + job.job().getJobName() + " failed");
        return Files.readString(work.resolve("out-" + job.job().getJobName()).resolve("part-r-00000"));
    }
}

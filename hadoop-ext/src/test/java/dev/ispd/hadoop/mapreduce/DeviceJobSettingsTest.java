package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.worldcup.Q2DeviceMapper;
import dev.ispd.hadoop.worldcup.Q2Format;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.junit.jupiter.api.Test;

class DeviceJobSettingsTest {
    @Test
    void aDeviceJobIsAnOrdinaryJobWithTheDeviceInputFormatAndTheFormatsTypes() throws Exception {
        DeviceJob job = DeviceJob.getInstance(new Configuration(), "q2")
                .setDeviceMapper(Q2DeviceMapper.class)
                .setDeviceMapperFormat(Q2Format.class);
        assertEquals(DeviceInputFormat.class, job.job().getInputFormatClass());
        assertEquals(Mapper.class, job.job().getMapperClass());
        assertEquals(Text.class, job.job().getMapOutputKeyClass());
        assertEquals(LongWritable.class, job.job().getMapOutputValueClass());
        assertEquals(Q2DeviceMapper.class, JobSettings.mapper(job.getConfiguration()).getClass());
        assertEquals("q2", JobSettings.mapper(job.getConfiguration()).tasklet());
    }

    @Test
    void localJobsPollQuicklyUnlessTheUserSaysOtherwise() throws Exception {
        String key = "mapreduce.client.completion.pollinterval";
        assertEquals(LocalRunnerPolling.POLL_MS, DeviceJob.getInstance(new Configuration(), "a").getConfiguration()
                .getInt(key, -1));
        Configuration mine = new Configuration();
        mine.setInt(key, 1234);
        assertEquals(1234, DeviceJob.getInstance(mine, "b").getConfiguration().getInt(key, -1));
        Configuration yarn = new Configuration();
        yarn.set("mapreduce.framework.name", "yarn");
        assertEquals(5000, DeviceJob.getInstance(yarn, "c").getConfiguration().getInt(key, -1));
    }

    @Test
    void missingOrWrongClassesAreNamed() {
        Configuration conf = new Configuration(false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobSettings.mapper(conf));
        assertEquals("ispd.job.device.mapper is not set: a DeviceJob needs a DeviceMapper (DeviceJob.setDeviceMapper)",
                e.getMessage());
        conf.set(IspdKeys.JOB_DEVICE_FORMAT.name(), "java.lang.String");
        e = assertThrows(IllegalArgumentException.class, () -> JobSettings.format(conf));
        assertEquals(true, e.getMessage().startsWith("ispd.job.device.format = 'java.lang.String' is not a loadable "
                + "dev.ispd.hadoop.mapreduce.DeviceMapperFormat"), e.getMessage());
    }
}

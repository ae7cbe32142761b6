package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.DeviceMapper;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A DeviceMapper over WorldCup98 entries: its entry size is the one the job's inputs record
 * (their {@code worldcup98/N} layout), or {@link WorldCupKeys#ENTRY_SIZE}, the explicit override,
 * which must agree with every recorded layout and is required for inputs that record none.
 */
public abstract class WorldCupDeviceMapper extends DeviceMapper {
    @Override
    public void takeInputLayout(Configuration conf, FileSystem fs, List<Path> inputs) throws IOException {
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), WorldCupParams.entrySizeOf(conf, fs, inputs));
    }
}

package dev.ispd.spark.write;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.layout.RecordLayout;
import java.io.IOException;
import java.io.Serializable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where one write puts its files. Tasks write into a staging directory beside the target, hidden
 * from readers by its leading dot ({@code .NAME.ispd-WRITEID}): each attempt its own file, renamed
 * to the partition's part file when the attempt commits. The job's commit then publishes the
 * staging directory with renames ({@link Publisher}).
 *
 * @param target  the directory the data ends up in
 * @param writeId unique to the write (Spark's query id): names the staging directory and the parts
 * @param recordsPerBlock records to a block of column-blocked files (option {@code block}); 0: rows
 */
record WriteTarget(String target, String writeId, RecordLayout layout, int recordsPerBlock, HadoopConf conf)
        implements Serializable {

    Path targetPath() {
        return new Path(target);
    }

    Path staging() {
        return sibling("ispd-" + writeId);
    }

    /** Where the target is moved while an overwrite replaces it. */
    Path replaced() {
        return sibling("ispd-replaced-" + writeId);
    }

    /** The file of one task attempt, until it commits. */
    Path attempt(int partition, long taskId) {
        return new Path(staging(), "_attempt-" + partition + "-" + taskId);
    }

    /** The part file of a partition, named for this write so that appends never collide. */
    Path part(int partition) {
        return new Path(staging(), String.format("part-%05d-%s.bin", partition, writeId));
    }

    FileSystem fileSystem() throws IOException {
        return OsdFileSystems.get(targetPath(), conf.get());
    }

    private Path sibling(String suffix) {
        Path t = targetPath();
        return new Path(t.getParent(), "." + t.getName() + "." + suffix);
    }
}

package dev.ispd.hadoop.parquet;

import java.util.Set;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * Makes parquet-hadoop's writer align row groups to osd:// chunks. The writer pads a row group to
 * the file system's block size (osd://'s chunk size: {@code getDefaultBlockSize}, and the block
 * size it passes to {@code create} becomes the file's chunk size) only on file systems it lists as
 * block file systems ({@link HadoopOutputFile#getBlockFileSystems}, by scheme: hdfs, webhdfs and
 * viewfs); this adds osd://'s scheme there, so Spark's Parquet writer, DistCp's and any other
 * through parquet-hadoop keep each row group inside one chunk where its size allows. Without
 * parquet-hadoop on the classpath there is no Parquet writer to align.
 */
public final class ParquetAlignment {
    private ParquetAlignment() {
    }

    /** Lists {@code scheme} as a block file system for parquet-hadoop's writer, once. */
    public static void enable(String scheme) {
        try {
            Set<String> schemes = HadoopOutputFile.getBlockFileSystems();
            synchronized (schemes) {
                schemes.add(scheme);
            }
        } catch (NoClassDefFoundError e) {
            // no parquet-hadoop in this JVM: nothing writes Parquet through it
        }
    }
}

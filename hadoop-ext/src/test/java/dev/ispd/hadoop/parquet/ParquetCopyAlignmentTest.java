package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdDrives;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.tools.DistCp;
import org.apache.hadoop.tools.DistCpOptions;
import org.apache.hadoop.util.ToolRunner;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file copied into osd:// by the tools that do not write Parquet themselves keeps its row
 * groups inside chunks when its chunks are the blocks the file was written for (docs/parquet.md):
 * DistCp preserving the block size ({@code -pb}), and {@code hadoop fs -put} with
 * {@code ispd.fs.chunk.size} set to it. The file is written by parquet-java to osd:// with chunks
 * four times the drives' default, its row groups padded to them; copied with the default chunk
 * size, its row groups straddle chunks (and run on the host).
 */
@Tag("heavy")
class ParquetCopyAlignmentTest {
    private static final long CHUNK = 64 * 1024;
    private static final long WRITER_BLOCK = 4 * CHUNK;
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message t { required int64 id; required binary s (STRING); }");

    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(2, CHUNK);

    @TempDir
    static java.nio.file.Path tmp;
    private static Path source;

    @BeforeAll
    static void write() throws Exception {
        source = new Path(DRIVES.uri().resolve("/written/t.parquet"));
        Configuration conf = DRIVES.conf();
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), WRITER_BLOCK);
        try (FileSystem fs = FileSystem.newInstance(DRIVES.uri(), conf);
             ParquetWriter<Group> out = ExampleParquetWriter.builder(new FileSystemOutputFile(fs, source))
                     .withConf(conf).withType(SCHEMA).withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                     .withRowGroupSize(WRITER_BLOCK / 8 * 7).withPageSize(8 * 1024).withDictionaryEncoding(false)
                     .build()) {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            for (int i = 0; i < 100_000; i++) {
                out.write(groups.newGroup().append("id", (long) i).append("s", "row " + i * 7919L));
            }
        }
        RowGroupChunks written = chunks(source);
        assertEquals(WRITER_BLOCK, DRIVES.cachedFileSystem(DRIVES.conf()).getFileStatus(source).getBlockSize());
        assertTrue(written.rowGroups() >= 3, "row groups: " + written.rowGroups());
        assertEquals(0, written.straddling(), "written inside its chunks");
        // every row in one drive's chunks, the chunks round robin over both drives
        assertEquals(100_000L, written.rowsByDrive().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(2, written.rowsByDrive().size(), "rows on both drives: " + written.rowsByDrive());
    }

    private static RowGroupChunks chunks(Path file) throws Exception {
        FileSystem fs = DRIVES.cachedFileSystem(DRIVES.conf());
        return RowGroupChunks.of(fs, fs.getFileStatus(file));
    }

    /** DistCp of the file into directory {@code to}; the copy. */
    private static Path distcp(String to, boolean preserveBlockSize) throws Exception {
        Configuration conf = DRIVES.conf();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
        Path dir = new Path(DRIVES.uri().resolve(to));
        DRIVES.cachedFileSystem(conf).mkdirs(dir);
        DistCpOptions.Builder options = new DistCpOptions.Builder(List.of(source), dir);
        if (preserveBlockSize) {
            options.preserve(DistCpOptions.FileAttribute.BLOCKSIZE);
        }
        assertTrue(new DistCp(conf, options.build()).execute().isSuccessful(), "distcp to " + to);
        return new Path(dir, source.getName());
    }

    @Test
    void distCpPreservingTheBlockSizeKeepsEachRowGroupInOneChunk() throws Exception {
        assertEquals(0, chunks(distcp("/distcp-pb", true)).straddling(), "distcp -pb");
        assertTrue(chunks(distcp("/distcp", false)).straddling() > 0, "distcp into the default chunks: some straddle");
    }

    @Test
    void aPutWithTheWritersChunkSizeKeepsEachRowGroupInOneChunk() throws Exception {
        java.nio.file.Path local = tmp.resolve("t.parquet");
        try (FSDataInputStream in = DRIVES.cachedFileSystem(DRIVES.conf()).open(source)) {
            Files.write(local, in.readAllBytes());
        }
        Path kept = new Path(DRIVES.uri().resolve("/put-sized/t.parquet"));
        assertEquals(0, put(local, kept, WRITER_BLOCK));
        assertEquals(0, chunks(kept).straddling(), "fs -D ispd.fs.chunk.size=" + WRITER_BLOCK + " -put");
        Path defaults = new Path(DRIVES.uri().resolve("/put/t.parquet"));
        assertEquals(0, put(local, defaults, CHUNK));
        assertTrue(chunks(defaults).straddling() > 0, "put into the default chunks: some straddle");
    }

    /** {@code hadoop fs -D ispd.fs.chunk.size=CHUNK -put LOCAL TO} through FsShell, with a client of its own. */
    private static int put(java.nio.file.Path local, Path to, long chunk) throws Exception {
        DRIVES.cachedFileSystem(DRIVES.conf()).mkdirs(to.getParent());
        Configuration conf = DRIVES.conf();
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        return ToolRunner.run(conf, new FsShell(), new String[] {"-D", IspdKeys.FS_CHUNK_SIZE.name() + "=" + chunk, "-put",
            local.toUri().toString(), to.toString()});
    }
}

package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.worldcup.WorldCupDrives;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/ispd info} of a Parquet file: its columns, and each row group with the chunk and
 * drives holding it; written by parquet-java's writer to osd:// its row groups lie in single
 * chunks, and the same bytes put with smaller chunks show the row groups that straddle them.
 */
class ParquetInfoTest {
    private static final long CHUNK = 64 * 1024;
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message t { required int64 id; optional int32 v; optional binary s (STRING); optional int96 old; }");

    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    /** Drops the cached osd:// clients of these drives, which stop after this class, so the next class's commands connect afresh. */
    @AfterAll
    static void closeClients() throws IOException {
        FileSystem.closeAll();
    }

    @Test
    void infoShowsEachRowGroupWithItsChunkAndDrivesAndTheOnesThatStraddle() throws IOException {
        Configuration conf = conf();
        Path aligned = new Path("osd:///pq/aligned.parquet");
        write(aligned, conf);
        byte[] bytes;
        try (FileSystem fs = FileSystem.newInstance(URI.create("osd:///"), conf);
             FSDataInputStream in = fs.open(aligned)) {
            bytes = in.readAllBytes();
            try (OutputStream out = fs.create(new Path("osd:///pq/put.parquet"), true, 4096, (short) 1, CHUNK / 4)) {
                out.write(bytes); // as a put with smaller chunks: the row groups cross them
            }
        }

        String text = info("osd:///pq/aligned.parquet", "osd:///pq/put.parquet");

        String[] files = text.split("(?m)^/pq/put.parquet\n");
        String alignedText = files[0];
        String putText = files[1];
        Matcher groups = Pattern.compile("Parquet: 4 columns \\(3 a plan reads\\), (\\d+) row groups, 0 straddling")
                .matcher(alignedText);
        assertTrue(groups.find(), alignedText);
        int n = Integer.parseInt(groups.group(1));
        assertTrue(n >= 4, alignedText);
        assertTrue(alignedText.contains(String.format("  row groups  %d%n", n)), alignedText);
        assertTrue(Pattern.compile("(?m)^ +0  [\\d,]+ rows  bytes [\\d,]+-[\\d,]+  chunk \\d+, 1 replica: drive \\d \\(localhost tcp:")
                .matcher(alignedText).find(), alignedText);
        assertFalse(alignedText.contains("STRADDLES"), alignedText);
        assertTrue(Pattern.compile("(?m)^ +\\d+  [\\d,]+ rows  bytes [\\d,]+-[\\d,]+  STRADDLES chunks (\\d+)-(\\d+): runs on "
                + "the host for a plan reading columns in more than one \\(chunk \\1: [a-z, ]+(; chunk \\d+: [a-z, ]+)*; chunk \\2: "
                + "[a-z, ]+\\)$")
                .matcher(putText).find(), putText);
        Matcher straddling = Pattern.compile("(\\d+) row groups, (\\d+) straddling").matcher(putText);
        assertTrue(straddling.find() && Integer.parseInt(straddling.group(2)) > 0, putText);
        assertEquals(n, Integer.parseInt(straddling.group(1)));
    }

    @Test
    void infoNamesTheRowGroupsPastTheEndOfAFileCutShortAndAFileThatLostItsFooter() throws IOException {
        Configuration conf = conf();
        Path whole = new Path("osd:///cut/whole.parquet");
        write(whole, conf);
        try (FileSystem fs = FileSystem.newInstance(URI.create("osd:///"), conf)) {
            byte[] bytes;
            try (FSDataInputStream in = fs.open(whole)) {
                bytes = in.readAllBytes();
            }
            int footer = 8 + java.nio.ByteBuffer.wrap(bytes, bytes.length - 8, 4)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
            int cut = bytes.length / 2;
            try (OutputStream out = fs.create(new Path("osd:///cut/footer-kept.parquet"))) {
                out.write(bytes, 0, cut); // the second half's row groups gone, the footer that names them kept
                out.write(bytes, bytes.length - footer, footer);
            }
            try (OutputStream out = fs.create(new Path("osd:///cut/footer-lost.parquet"))) {
                out.write(bytes, 0, cut);
            }
        }

        String kept = info("osd:///cut/footer-kept.parquet");
        assertTrue(Pattern.compile("\\d+ row groups, 0 straddling a chunk boundary, \\d+ row groups? past the file's end "
                + "\\(it is cut short\\)").matcher(kept).find(), kept);
        assertTrue(Pattern.compile("(?m)^ +\\d+  [\\d,]+ rows  bytes [\\d,]+-[\\d,]+  PAST THE END of the file's [\\d,]+ "
                + "bytes: a plan reading it fails$").matcher(kept).find(), kept);
        assertTrue(Pattern.compile("(?m)^ +0  [\\d,]+ rows  bytes [\\d,]+-[\\d,]+  chunk \\d+, 1 replica").matcher(kept).find(),
                kept);
        String lost = info("osd:///cut/footer-lost.parquet");
        assertTrue(lost.contains("layout  none recorded (user.ispd.layout); the file starts as a Parquet file (PAR1) "
                + "but does not end as one: it is cut short, or the end of its footer is damaged"), lost);
    }

    /** osd:// over the drives in chunks of {@link #CHUNK}, a client of its own. */
    private static Configuration conf() {
        Configuration conf = WorldCupDrives.osd(new Configuration(), Arrays.asList(DRIVES.addresses().split(",")), CHUNK,
                1);
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        return conf;
    }

    /** 40,000 rows by parquet-java's writer, row groups of 7/8 of a chunk: each in one chunk. */
    private static void write(Path file, Configuration conf) throws IOException {
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(SCHEMA)
                .withRowGroupSize(CHUNK / 8 * 7).withPageSize(4096).withDictionaryEncoding(false).build()) {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            for (int i = 0; i < 40_000; i++) {
                out.write(groups.newGroup().append("id", (long) i).append("v", i * 7).append("s", "row " + i * 31L));
            }
        }
    }

    private static String info(String... paths) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] args = new String[paths.length + 2];
        args[0] = "--drives";
        args[1] = DRIVES.addresses();
        System.arraycopy(paths, 0, args, 2, paths.length);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = CommandLines.of(new InfoCommand(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .setErr(new java.io.PrintWriter(err, true)).execute(args);
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}

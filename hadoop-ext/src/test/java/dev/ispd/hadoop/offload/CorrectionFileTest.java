package dev.ispd.hadoop.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.storage.SharedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The offload correction file on real osd:// drives: written with as many replicas as the input
 * it sits beside, so it survives a drive whose loss the data survives; and a reader racing a
 * rewrite of it reads the new file instead of dropping the corrections.
 */
class CorrectionFileTest {
    private static final int CHUNK = 1 << 16;
    private static final String KEY = CorrectionBook.deviceKey("q1", "unix:/drive0.sock");

    @RegisterExtension
    final OsdDrives drives = new OsdDrives(3, CHUNK).perTest(); // the client's replication: 1

    private static CorrectionBook book(long observedNs) {
        CorrectionBook b = new CorrectionBook();
        b.observe(KEY, new Cost(1_000_000, 1_000), new Cost(observedNs, 1_000));
        return b;
    }

    private Path twiceReplicatedInput(OsdFileSystem fs) throws IOException {
        Path input = new Path("/data/in.bin");
        try (FSDataOutputStream out = fs.create(input, true, 4096, (short) 2, CHUNK)) {
            out.write(new byte[CHUNK]);
        }
        return input;
    }

    @Test
    void theFileHasTheInputsReplicationAndOutlivesADrive() throws Exception {
        Path file;
        try (OsdFileSystem fs = drives.newClient()) {
            Path input = twiceReplicatedInput(fs);
            CorrectionStore store = HadoopCorrections.forInput(fs.getConf(), "", fs.makeQualified(input));
            store.save(book(3_000_000));
            file = new Path(store.file());
            FileStatus status = fs.getFileStatus(file);
            assertEquals(2, status.getReplication(), "as many copies as the data it describes");
            BlockLocation[] where = fs.getFileBlockLocations(status, 0, status.getLen());
            int victim = Integer.parseInt(where[0].getHosts()[0].equals("host0") ? where[0].getHosts()[1].substring(4)
                    : where[0].getHosts()[0].substring(4)); // a replica's drive, not the namespace's drive 0
            drives.kill(victim);
        }
        try (OsdFileSystem fs = drives.newClient()) {
            CorrectionStore store = HadoopCorrections.forInput(fs.getConf(), "", fs.makeQualified(new Path("/data/in.bin")));
            assertEquals(Set.of(KEY), store.load().entries().keySet(), "still readable after the drive's loss");
        }
    }

    @Test
    void aReaderRacingARewriteReadsTheNewFile() throws Exception {
        try (OsdFileSystem fs = drives.newClient(); OsdFileSystem writer = drives.newClient()) {
            Path input = fs.makeQualified(twiceReplicatedInput(fs));
            Configuration conf = fs.getConf();
            CorrectionStore saved = HadoopCorrections.forInput(conf, "", input);
            saved.save(book(2_000_000));
            CorrectionStore rewriter = HadoopCorrections.forInput(writer.getConf(), "", input);

            SharedFiles real = sharedFiles(fs, input);
            SharedFiles racing = new SharedFiles() {
                private boolean raced;

                @Override
                public boolean exists(String path) throws IOException {
                    return real.exists(path);
                }

                @Override
                public InputStream open(String path) throws IOException {
                    InputStream in = real.open(path);
                    if (!raced) { // another job saves its corrections between this open and the first read
                        raced = true;
                        rewriter.save(book(5_000_000));
                    }
                    return in;
                }

                @Override
                public OutputStream create(String path) throws IOException {
                    return real.create(path);
                }

                @Override
                public List<String> list(String dir) throws IOException {
                    return real.list(dir);
                }

                @Override
                public void deleteDirectory(String dir) throws IOException {
                    real.deleteDirectory(dir);
                }
            };
            CorrectionBook read = new CorrectionStore(racing, saved.file()).load();
            assertEquals(book(5_000_000).entries(), read.entries(), "the rewritten file, not an empty book");
        }
    }

    private static SharedFiles sharedFiles(OsdFileSystem fs, Path input) throws IOException {
        return HadoopSharedFiles.locate(fs.getConf(), "", HadoopCorrections.DEFAULT_FILE, input, (short) 0).files();
    }
}

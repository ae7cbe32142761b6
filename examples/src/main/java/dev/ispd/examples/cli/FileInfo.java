package dev.ispd.examples.cli;

import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.hadoop.fs.FileStatus;

/**
 * What osd:// keeps about one file, as {@code bin/ispd info} prints it: length, recorded layout
 * (or that none is recorded; for a Parquet file what its footer says), each chunk with the drive
 * and object of every replica, and a Parquet file's row groups with the chunk holding each.
 *
 * @param parquet a Parquet file's footer as shown, null for other files
 * @param cutShort whether the file records no layout and starts as Parquet but does not end as one
 */
record FileInfo(FileStatus status, Optional<String> layout, int recordSize, List<ChunkExtent> chunks, DriveSet drives,
                ParquetInfo parquet, boolean cutShort) {

    static FileInfo of(OsdFileSystem fs, FileStatus status) throws IOException {
        Optional<String> layout = LayoutAttribute.read(fs, status.getPath());
        int recordSize = layout.isEmpty() ? 0 : LayoutAttribute.recordSize(fs, status.getPath());
        List<ChunkExtent> chunks = fs.locate(status.getPath(), 0, status.getLen());
        ParquetFooters.Ends ends = layout.isEmpty() ? ParquetFooters.ends(fs, status) : ParquetFooters.Ends.OTHER;
        ParquetInfo parquet = ends == ParquetFooters.Ends.PARQUET ? ParquetInfo.of(fs, status, chunks) : null;
        return new FileInfo(status, layout, recordSize, chunks, fs.drives(), parquet,
                ends == ParquetFooters.Ends.CUT_SHORT);
    }

    String describe() {
        StringBuilder s = new StringBuilder(status.getPath().toUri().getPath()).append('\n');
        s.append(String.format("  length  %,d bytes%n", status.getLen()));
        s.append("  layout  ").append(layoutText()).append('\n');
        s.append(String.format("  chunks  %d%n", chunks.size()));
        for (int i = 0; i < chunks.size(); i++) {
            ChunkExtent c = chunks.get(i);
            s.append(String.format("    %3d  bytes %,d-%,d  %s%n", i, c.fileOffset(), c.fileOffset() + c.length() - 1,
                    replicas(c)));
        }
        if (parquet != null) {
            s.append(parquet.rowGroupLines(i -> replicas(chunks.get(i))));
        }
        return s.toString();
    }

    private String layoutText() {
        if (parquet != null) {
            return parquet.layoutText();
        }
        if (layout.isEmpty()) {
            return "none recorded (" + LayoutAttribute.NAME + ")" + (cutShort ? "; the file "
                    + ParquetFooters.Ends.CUT_SHORT_TEXT : ": a reader must be told its record size");
        }
        long len = status.getLen();
        return layout.get() + (len % recordSize == 0 ? String.format(" (%,d records of %d B)", len / recordSize,
                recordSize) : String.format(" (but %,d bytes are not whole %d-byte records)", len, recordSize));
    }

    private String replicas(ChunkExtent c) {
        StringJoiner out = new StringJoiner("; ", c.replicas().size() == 1 ? "1 replica: " : c.replicas().size()
                + " replicas: ", "");
        for (Replica r : c.replicas()) {
            out.add("drive " + r.drive() + " (" + drives.host(r.drive()) + " " + drives.address(r.drive()) + ") object "
                    + r.objectId());
        }
        return out.toString();
    }
}

package dev.ispd.examples.queries;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.BytesWritable;

/**
 * A ByteBuffer over the entry a {@link org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat}
 * record reader hands a mapper, so the mappers read fields with the {@link WorldCup98} accessors.
 * The reader refills one BytesWritable, so the buffer is made once and remade only if the
 * reader swaps the array: no allocation per record.
 */
final class EntryView {
    private byte[] array;
    private ByteBuffer buffer;

    /** The entry's bytes from position 0; an entry shorter than a record is an error naming its offset. */
    ByteBuffer of(BytesWritable entry, long fileOffset) throws IOException {
        if (entry.getLength() < WorldCup98.RECORD_SIZE) {
            throw new IOException("the entry at file offset " + fileOffset + " has " + entry.getLength()
                    + " bytes, fewer than a WorldCup98 record's " + WorldCup98.RECORD_SIZE);
        }
        if (entry.getBytes() != array) {
            array = entry.getBytes();
            buffer = ByteBuffer.wrap(array);
        }
        return buffer;
    }
}

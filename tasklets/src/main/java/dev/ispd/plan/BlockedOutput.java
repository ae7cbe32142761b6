package dev.ispd.plan;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Writes records given in rows to {@code out} column-blocked ({@link BlockLayout}): collects
 * {@link BlockLayout#recordsPerBlock} records, then writes them as one block; {@link #finish}
 * writes the records left as the last block, which holds fewer. Two buffers of a block each,
 * reused; nothing allocated per record or block. It does not close {@code out}.
 */
public final class BlockedOutput extends OutputStream {
    private final OutputStream out;
    private final BlockLayout blocks;
    private final ByteBuffer rows;
    private final ByteBuffer block;

    public BlockedOutput(OutputStream out, BlockLayout blocks) {
        this.out = out;
        this.blocks = blocks;
        this.rows = ByteBuffer.allocate(blocks.blockBytes());
        this.block = ByteBuffer.allocate(blocks.blockBytes());
    }

    @Override
    public void write(int b) throws IOException {
        rows.put((byte) b);
        if (!rows.hasRemaining()) {
            writeBlock();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int take = Math.min(len, rows.remaining());
            rows.put(b, off, take);
            off += take;
            len -= take;
            if (!rows.hasRemaining()) {
                writeBlock();
            }
        }
    }

    /**
     * Writes the records collected as the last block.
     *
     * @throws IllegalStateException the bytes written are not whole records (naming how many)
     */
    public void finish() throws IOException {
        if (rows.position() % blocks.layout().recordSize() != 0) {
            throw new IllegalStateException("the last block holds " + rows.position() + " bytes, not whole "
                    + blocks.layout().recordSize() + "-byte records of layout " + blocks.layout().name());
        }
        if (rows.position() > 0) {
            writeBlock();
        }
        out.flush();
    }

    private void writeBlock() throws IOException {
        int n = rows.position() / blocks.layout().recordSize();
        block.clear();
        blocks.toBlock(rows, 0, n, block);
        out.write(block.array(), 0, block.position());
        rows.clear();
    }
}

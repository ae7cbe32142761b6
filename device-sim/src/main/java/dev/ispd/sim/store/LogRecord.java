package dev.ispd.sim.store;

import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** One change of the store's metadata, as appended to the {@link MetadataLog}. */
sealed interface LogRecord {
    int CREATE_DATA = 1;
    int CREATE_TASKLET = 2;
    int SIZE = 3;
    int DELETE = 4;
    int NEXT_ID = 5;
    int REPLACE = 6;
    int CHECKSUM_FORMAT = 7;
    int MODULE_LOADED = 8;
    int MODULE_UNLOADED = 9;
    int SPENT_IDS = 10;

    int type();

    /** Writes the body (after the type byte). */
    void encodeBody(ByteBuffer out);

    /** A DATA object was created, backed by generation 0 of its file. */
    record CreateData(long id) implements LogRecord {
        public int type() { return CREATE_DATA; }
        public void encodeBody(ByteBuffer out) { out.putLong(id); }
    }

    /** A tasklet instance was created: form, name, parameters, then {@code u32} length and the body. */
    record CreateTasklet(long id, TaskletDefinition definition) implements LogRecord {
        public int type() { return CREATE_TASKLET; }

        public void encodeBody(ByteBuffer out) {
            out.putLong(id).put((byte) definition.form());
            putString(out, definition.name());
            Map<String, String> m = definition.params().asMap();
            out.putShort((short) m.size());
            m.forEach((k, v) -> {
                putString(out, k);
                putString(out, v);
            });
            byte[] body = definition.body();
            out.putInt(body.length).put(body);
        }
    }

    /** A DATA object's size changed (a write was acknowledged). */
    record Size(long id, long size) implements LogRecord {
        public int type() { return SIZE; }
        public void encodeBody(ByteBuffer out) { out.putLong(id).putLong(size); }
    }

    record Delete(long id) implements LogRecord {
        public int type() { return DELETE; }
        public void encodeBody(ByteBuffer out) { out.putLong(id); }
    }

    /**
     * Ids {@code first} to {@code last} were given to objects (some perhaps deleted since): kept by
     * compaction so that the drive never hands an id out twice ({@link SpentIds}).
     */
    record SpentIds(long first, long last) implements LogRecord {
        public int type() { return SPENT_IDS; }
        public void encodeBody(ByteBuffer out) { out.putLong(first).putLong(last); }
    }

    /** What logs written before {@link SpentIds} kept instead: every id below {@code next} was spent. */
    record NextId(long next) implements LogRecord {
        public int type() { return NEXT_ID; }
        public void encodeBody(ByteBuffer out) { out.putLong(next); }
    }

    /** A DATA object's contents were replaced by generation {@code generation} of its file. */
    record Replace(long id, long generation, long size) implements LogRecord {
        public int type() { return REPLACE; }
        public void encodeBody(ByteBuffer out) { out.putLong(id).putLong(generation).putLong(size); }
    }

    /**
     * From here on every DATA object's file has a page-checksum side file ({@link PageChecksums}) of
     * pages of {@code pageSize} bytes. A log without it was written before checksums and is migrated
     * on open; a drive that predates this record refuses such a log (unknown record type).
     */
    record ChecksumFormat(int pageSize) implements LogRecord {
        public int type() { return CHECKSUM_FORMAT; }
        public void encodeBody(ByteBuffer out) { out.putInt(pageSize); }
    }

    /**
     * A user tasklet module was loaded (or loaded again with other bytes): its file in the modules
     * folder holds {@code size} bytes with SHA-256 {@code sha256} (hex; 32 bytes in the record).
     */
    record ModuleLoaded(String name, int version, String sha256, long size) implements LogRecord {
        public int type() { return MODULE_LOADED; }

        public void encodeBody(ByteBuffer out) {
            putString(out, name);
            out.putInt(version).put(HexFormat.of().parseHex(sha256)).putLong(size);
        }
    }

    /** A user tasklet module was unloaded. */
    record ModuleUnloaded(String name, int version) implements LogRecord {
        public int type() { return MODULE_UNLOADED; }

        public void encodeBody(ByteBuffer out) {
            putString(out, name);
            out.putInt(version);
        }
    }

    /** Decodes a body of {@code type}; a BufferUnderflowException means the body is too short. */
    static LogRecord decode(int type, ByteBuffer in) {
        return switch (type) {
            case CREATE_DATA -> new CreateData(in.getLong());
            case CREATE_TASKLET -> {
                long id = in.getLong();
                int form = in.get() & 0xFF;
                String name = getString(in);
                int n = in.getShort() & 0xFFFF;
                Map<String, String> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    m.put(getString(in), getString(in));
                }
                // logs written before plans end after the parameters: no body
                byte[] body = new byte[in.hasRemaining() ? in.getInt() : 0];
                in.get(body);
                yield new CreateTasklet(id, new TaskletDefinition(form, name, new Params(m), body));
            }
            case SIZE -> new Size(in.getLong(), in.getLong());
            case DELETE -> new Delete(in.getLong());
            case NEXT_ID -> new NextId(in.getLong());
            case SPENT_IDS -> new SpentIds(in.getLong(), in.getLong());
            case REPLACE -> new Replace(in.getLong(), in.getLong(), in.getLong());
            case CHECKSUM_FORMAT -> new ChecksumFormat(in.getInt());
            case MODULE_LOADED -> {
                String name = getString(in);
                int version = in.getInt();
                byte[] sha = new byte[32];
                in.get(sha);
                yield new ModuleLoaded(name, version, HexFormat.of().formatHex(sha), in.getLong());
            }
            case MODULE_UNLOADED -> new ModuleUnloaded(getString(in), in.getInt());
            default -> throw new IllegalArgumentException("unknown metadata record type " + type);
        };
    }

    private static void putString(ByteBuffer out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.putShort((short) b.length).put(b);
    }

    private static String getString(ByteBuffer in) {
        byte[] b = new byte[in.getShort() & 0xFFFF];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}

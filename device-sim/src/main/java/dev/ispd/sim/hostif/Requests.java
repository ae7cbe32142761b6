package dev.ispd.sim.hostif;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.store.IdRange;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Request payloads, one record per opcode, each with its decoder (the drive's side) beside its
 * encoder (clients, tests and the vector writer), so a layout is written down once. Decoders
 * check every length against the payload and the protocol limits; views of the payload
 * ({@link WriteObject#data}, {@link CreateTasklet#body}) are valid only while it is.
 */
public final class Requests {
    private Requests() {
    }

    /** A decoded request. */
    public sealed interface Request permits DeviceInfo, DeviceLog, CreateObject, WriteObject, ReadObject,
            StatObject, ListObjects, DeleteObject, CreateTasklet, Execute, Poll, ReadResult, Cancel, Release, LoadModule,
            ListModules, UnloadModule, Scrub,
            SetFaults {
        Opcode opcode();

        void encode(PayloadWriter w);
    }

    /** Decodes the payload of a request with this opcode; MALFORMED names the bad field. */
    public static Request decode(Opcode op, PayloadReader r) throws StatusException {
        Request req = switch (op) {
            case DEVICE_INFO -> new DeviceInfo();
            case DEVICE_LOG -> new DeviceLog();
            case CREATE_OBJECT -> new CreateObject(r.u64("requested_id"));
            case WRITE_OBJECT -> WriteObject.decode(r);
            case READ_OBJECT -> new ReadObject(r.u64("id"), r.u64("offset"), r.u32("length", 0, Limits.MAX_IO));
            case STAT_OBJECT -> new StatObject(r.u64("id"));
            case LIST_OBJECTS -> new ListObjects(r.u64("after_id"), r.u32("max", 1, Limits.MAX_LIST));
            case DELETE_OBJECT -> new DeleteObject(r.u64("id"));
            case CREATE_TASKLET -> CreateTasklet.decode(r);
            case EXECUTE -> Execute.decode(r);
            case POLL -> new Poll(r.u64("exec_id"));
            case READ_RESULT -> new ReadResult(r.u64("exec_id"), r.u64("offset"), r.u32("length", 0, Limits.MAX_IO));
            case CANCEL -> new Cancel(r.u64("exec_id"));
            case RELEASE -> new Release(r.u64("exec_id"));
            case LOAD_MODULE -> LoadModule.decode(r);
            case LIST_MODULES -> new ListModules();
            case UNLOAD_MODULE -> new UnloadModule(r.str("name"), r.u32("version", 1, Integer.MAX_VALUE));
            case SCRUB -> new Scrub(r.u64("object_id"));
            case SET_FAULTS -> SetFaults.decode(r);
        };
        r.end();
        return req;
    }

    public record DeviceInfo() implements Request {
        public Opcode opcode() { return Opcode.DEVICE_INFO; }
        public void encode(PayloadWriter w) { }
    }

    public record DeviceLog() implements Request {
        public Opcode opcode() { return Opcode.DEVICE_LOG; }
        public void encode(PayloadWriter w) { }
    }

    /**
     * {@code requestedId} 0 lets the drive pick, from {@code pickFrom} (in order): every ordinary
     * id as decoded, the ids that are the sender's own once an authenticating drive's guard has
     * narrowed it (docs/security.md, "Ids the drive picks").
     */
    public record CreateObject(long requestedId, List<IdRange> pickFrom) implements Request {
        public CreateObject(long requestedId) {
            this(requestedId, List.of(IdRange.ORDINARY));
        }

        public CreateObject pickingFrom(List<IdRange> ranges) {
            return new CreateObject(requestedId, ranges);
        }

        public Opcode opcode() { return Opcode.CREATE_OBJECT; }
        public void encode(PayloadWriter w) { w.u64(requestedId); }
    }

    /** {@code data}: the bytes to write, from its position to its limit. */
    public record WriteObject(long id, long offset, ByteBuffer data) implements Request {
        public Opcode opcode() { return Opcode.WRITE_OBJECT; }

        public void encode(PayloadWriter w) {
            w.u64(id).u64(offset).u32(data.remaining()).bytes(data);
        }

        static WriteObject decode(PayloadReader r) throws StatusException {
            long id = r.u64("id");
            long offset = r.u64("offset");
            int length = r.u32("length", 0, Limits.MAX_IO);
            if (length != r.remaining()) {
                throw r.malformed("length " + length + " does not match the " + r.remaining()
                        + " data bytes that follow it");
            }
            return new WriteObject(id, offset, r.bytes(length, "data"));
        }
    }

    public record ReadObject(long id, long offset, int length) implements Request {
        public Opcode opcode() { return Opcode.READ_OBJECT; }
        public void encode(PayloadWriter w) { w.u64(id).u64(offset).u32(length); }
    }

    public record StatObject(long id) implements Request {
        public Opcode opcode() { return Opcode.STAT_OBJECT; }
        public void encode(PayloadWriter w) { w.u64(id); }
    }

    /**
     * LIST_OBJECTS; {@code visible} says which ids the sender may see: every id as decoded, the
     * objects an identity may read once an authenticating drive's guard has narrowed it.
     */
    public record ListObjects(long afterId, int max, LongPredicate visible) implements Request {
        private static final LongPredicate EVERY_ID = id -> true;

        public ListObjects(long afterId, int max) {
            this(afterId, max, EVERY_ID);
        }

        public ListObjects visibleOnly(LongPredicate which) {
            return new ListObjects(afterId, max, which);
        }

        public Opcode opcode() { return Opcode.LIST_OBJECTS; }
        public void encode(PayloadWriter w) { w.u64(afterId).u32(max); }
    }

    public record DeleteObject(long id) implements Request {
        public Opcode opcode() { return Opcode.DELETE_OBJECT; }
        public void encode(PayloadWriter w) { w.u64(id); }
    }

    /** The instance's id is picked from {@code pickFrom}, as {@link CreateObject}'s. */
    public record CreateTasklet(TaskletForm form, String name, Params params, ByteBuffer body, List<IdRange> pickFrom)
            implements Request {
        public CreateTasklet(TaskletForm form, String name, Params params, ByteBuffer body) {
            this(form, name, params, body, List.of(IdRange.ORDINARY));
        }

        public CreateTasklet pickingFrom(List<IdRange> ranges) {
            return new CreateTasklet(form, name, params, body, ranges);
        }

        public Opcode opcode() { return Opcode.CREATE_TASKLET; }

        public void encode(PayloadWriter w) {
            w.u8(form.code()).str(name).params(params).blob(body);
        }

        static CreateTasklet decode(PayloadReader r) throws StatusException {
            return new CreateTasklet(r.u8Code("form", TaskletForm.values()), r.str("name"), r.params("params"),
                    r.blob("body"));
        }
    }

    /**
     * {@code outputId} 0 = no output object. {@code identity}: who submits it, 0 (anonymous) as
     * decoded, the sender's identity once an authenticating drive's guard has narrowed it; the
     * drive shares its execution slots fairly between identities (docs/drive.md).
     */
    public record Execute(long taskletId, long outputId, Params runtime, List<Extent> extents, long identity)
            implements Request {
        private static final int EXTENT_BYTES = 24;

        public Execute(long taskletId, long outputId, Params runtime, List<Extent> extents) {
            this(taskletId, outputId, runtime, extents, 0);
        }

        public Execute submittedBy(long identityId) {
            return new Execute(taskletId, outputId, runtime, extents, identityId);
        }

        public Opcode opcode() { return Opcode.EXECUTE; }

        public void encode(PayloadWriter w) {
            w.u64(taskletId).u64(outputId).params(runtime).u32(extents.size());
            for (Extent e : extents) {
                w.u64(e.objectId()).u64(e.offset()).u64(e.length());
            }
        }

        static Execute decode(PayloadReader r) throws StatusException {
            long taskletId = r.u64("tasklet_id");
            long outputId = r.u64("output_id");
            Params runtime = r.params("runtime");
            int n = r.u32("n", 0, Limits.MAX_EXTENTS);
            if ((long) n * EXTENT_BYTES != r.remaining()) {
                throw r.malformed("n says " + n + " extents (" + (long) n * EXTENT_BYTES + " bytes) but "
                        + r.remaining() + " bytes follow");
            }
            List<Extent> extents = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                long objectId = r.u64("extent " + i + " object_id");
                long offset = r.u64("extent " + i + " offset");
                long length = r.u64("extent " + i + " length");
                if (offset < 0 || length < 0) {
                    // u64 above 2^63-1: no object is that large
                    throw new StatusException(Status.OUT_OF_RANGE, "extent " + i + " (object "
                            + Long.toUnsignedString(objectId) + ", offset " + Long.toUnsignedString(offset)
                            + ", length " + Long.toUnsignedString(length) + ") lies beyond any object");
                }
                extents.add(new Extent(objectId, offset, length));
            }
            return new Execute(taskletId, outputId, runtime, List.copyOf(extents));
        }
    }

    public record Poll(long execId) implements Request {
        public Opcode opcode() { return Opcode.POLL; }
        public void encode(PayloadWriter w) { w.u64(execId); }
    }

    public record ReadResult(long execId, long offset, int length) implements Request {
        public Opcode opcode() { return Opcode.READ_RESULT; }
        public void encode(PayloadWriter w) { w.u64(execId).u64(offset).u32(length); }
    }

    public record Cancel(long execId) implements Request {
        public Opcode opcode() { return Opcode.CANCEL; }
        public void encode(PayloadWriter w) { w.u64(execId); }
    }

    public record Release(long execId) implements Request {
        public Opcode opcode() { return Opcode.RELEASE; }
        public void encode(PayloadWriter w) { w.u64(execId); }
    }

    /**
     * One chunk of a module upload: the whole module is {@code totalSize} bytes with SHA-256
     * {@code sha256}; {@code data} (from its position to its limit) goes at {@code offset}.
     * Versions run from 1 to 2^31-1.
     */
    public record LoadModule(String name, int version, long totalSize, byte[] sha256, long offset, ByteBuffer data)
            implements Request {
        /** Bytes of a SHA-256 digest. */
        public static final int SHA256_BYTES = 32;

        public Opcode opcode() { return Opcode.LOAD_MODULE; }

        public void encode(PayloadWriter w) {
            w.str(name).u32(version).u64(totalSize).bytes(ByteBuffer.wrap(sha256)).u64(offset).u32(data.remaining())
                    .bytes(data.duplicate());
        }

        static LoadModule decode(PayloadReader r) throws StatusException {
            String name = r.str("name");
            int version = r.u32("version", 1, Integer.MAX_VALUE);
            long total = r.u64("total_size");
            byte[] sha = new byte[SHA256_BYTES];
            r.bytes(SHA256_BYTES, "sha256").get(sha);
            long offset = r.u64("offset");
            int length = r.u32("length", 0, Limits.MAX_IO);
            if (length != r.remaining()) {
                throw r.malformed("length " + length + " does not match the " + r.remaining()
                        + " module bytes that follow it");
            }
            return new LoadModule(name, version, total, sha, offset, r.bytes(length, "data"));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LoadModule m && m.name.equals(name) && m.version == version && m.totalSize == totalSize
                    && java.util.Arrays.equals(m.sha256, sha256) && m.offset == offset && m.data.equals(data);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, version, totalSize, java.util.Arrays.hashCode(sha256), offset, data);
        }
    }

    public record ListModules() implements Request {
        public Opcode opcode() { return Opcode.LIST_MODULES; }
        public void encode(PayloadWriter w) { }
    }

    /** Versions run from 1 to 2^31-1. */
    public record UnloadModule(String name, int version) implements Request {
        public Opcode opcode() { return Opcode.UNLOAD_MODULE; }
        public void encode(PayloadWriter w) { w.str(name).u32(version); }
    }

    /** {@code objectId} 0: every object. */
    public record Scrub(long objectId) implements Request {
        public Opcode opcode() { return Opcode.SCRUB; }
        public void encode(PayloadWriter w) { w.u64(objectId); }
    }

    /** The drive's new fault plan as JSON text (docs/drive.md, "Fault injection"); empty clears it. */
    public record SetFaults(String plan) implements Request {
        public Opcode opcode() { return Opcode.SET_FAULTS; }

        public void encode(PayloadWriter w) {
            w.blob(ByteBuffer.wrap(plan.getBytes(StandardCharsets.UTF_8)));
        }

        static SetFaults decode(PayloadReader r) throws StatusException {
            return new SetFaults(StandardCharsets.UTF_8.decode(r.blob("plan")).toString());
        }
    }
}

package dev.ispd.sim.hostif;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Response payloads, one record per opcode plus {@link Error}, each with its encoder (the
 * drive's side) beside its decoder (clients, tests and the vector tests), so a layout is written
 * down once. u32 fields are held in longs.
 */
public final class Responses {
    private Responses() {
    }

    /** An encodable response payload. */
    public sealed interface Response permits Error, DeviceInfo, DeviceLog, CreateObject, WriteObject, ReadObject,
            ObjectStat, ListObjects, Empty, CreateTasklet, Execute, Poll, ReadResult, Cancel, LoadModule, ListModules,
            Scrub {
        void encode(PayloadWriter w);
    }

    /** Decodes the payload of a successful (status OK) response to a request with this opcode. */
    public static Response decode(Opcode op, PayloadReader r) throws StatusException {
        Response resp = switch (op) {
            case DEVICE_INFO -> DeviceInfo.decode(r);
            case DEVICE_LOG -> DeviceLog.decode(r);
            case CREATE_OBJECT -> new CreateObject(r.u64("id"));
            case WRITE_OBJECT -> new WriteObject(r.u64("size"));
            case READ_OBJECT -> ReadObject.decode(r);
            case STAT_OBJECT -> ObjectStat.decode(r, "");
            case LIST_OBJECTS -> ListObjects.decode(r);
            case DELETE_OBJECT, RELEASE, UNLOAD_MODULE -> new Empty();
            case CREATE_TASKLET -> new CreateTasklet(r.u64("tasklet_id"));
            case EXECUTE -> new Execute(r.u64("exec_id"));
            case POLL -> Poll.decode(r);
            case READ_RESULT -> ReadResult.decode(r);
            case CANCEL -> new Cancel(r.u8Code("state", ExecutionState.values()));
            case LOAD_MODULE -> LoadModule.decode(r);
            case LIST_MODULES -> ListModules.decode(r);
            case SCRUB -> Scrub.decode(r);
            case SET_FAULTS -> new Empty();
        };
        r.end();
        return resp;
    }

    /** The payload of every response whose status is not OK: a message naming what was wrong. */
    public record Error(String message) implements Response {
        public void encode(PayloadWriter w) { w.message(message); }

        public static Error decode(PayloadReader r) throws StatusException {
            Error e = new Error(r.str("message"));
            r.end();
            return e;
        }
    }

    /** Responses without fields (DELETE_OBJECT, RELEASE, UNLOAD_MODULE). */
    public record Empty() implements Response {
        public void encode(PayloadWriter w) { }
    }

    public record DeviceInfo(String driveName, String profileName, long capacityBytes, long pageSize,
                             long pagesPerBatch, long maxIo, long maxInflight, Params capabilities) implements Response {
        public void encode(PayloadWriter w) {
            w.str(driveName).str(profileName).u64(capacityBytes).u32(pageSize).u32(pagesPerBatch).u32(maxIo)
                    .u32(maxInflight).params(capabilities);
        }

        static DeviceInfo decode(PayloadReader r) throws StatusException {
            return new DeviceInfo(r.str("drive_name"), r.str("profile_name"), r.u64("capacity_bytes"),
                    r.u32("page_size"), r.u32("pages_per_batch"), r.u32("max_io"), r.u32("max_inflight"),
                    r.params("capabilities"));
        }
    }

    /** One component's totals in a DEVICE_LOG response. */
    public record ComponentLog(String component, long busyNs, long energyNj) { }

    public record DeviceLog(long modeledNowNs, long queued, long running, long commands, long bytesWritten,
                            long bytesToHost, long bytesReadInternal, long energyNj, List<ComponentLog> components)
            implements Response {
        public void encode(PayloadWriter w) {
            w.u64(modeledNowNs).u32(queued).u32(running).u64(commands).u64(bytesWritten).u64(bytesToHost)
                    .u64(bytesReadInternal).u64(energyNj).u16(components.size());
            for (ComponentLog c : components) {
                w.str(c.component()).u64(c.busyNs()).u64(c.energyNj());
            }
        }

        static DeviceLog decode(PayloadReader r) throws StatusException {
            long now = r.u64("modeled_now_ns");
            long queued = r.u32("queued");
            long running = r.u32("running");
            long commands = r.u64("commands");
            long written = r.u64("bytes_written");
            long toHost = r.u64("bytes_to_host");
            long internal = r.u64("bytes_read_internal");
            long energy = r.u64("energy_nj");
            int n = r.u16("n");
            List<ComponentLog> comps = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                comps.add(new ComponentLog(r.str("component " + i), r.u64("component " + i + " busy_ns"),
                        r.u64("component " + i + " energy_nj")));
            }
            return new DeviceLog(now, queued, running, commands, written, toHost, internal, energy, List.copyOf(comps));
        }
    }

    public record CreateObject(long id) implements Response {
        public void encode(PayloadWriter w) { w.u64(id); }
    }

    public record WriteObject(long size) implements Response {
        public void encode(PayloadWriter w) { w.u64(size); }
    }

    /**
     * {@code data}: the bytes read, from its position to its limit; on the wire after their length
     * and their CRC32C, which the client checks.
     */
    public record ReadObject(ByteBuffer data) implements Response {
        public void encode(PayloadWriter w) {
            Filling f = begin(w, data.remaining());
            f.data().put(data.duplicate());
            f.seal();
        }

        /** Writes the length and returns the CRC's and the {@code length} bytes' places, for the caller to fill. */
        public static Filling begin(PayloadWriter w, int length) {
            ByteBuffer both = w.u32(length).claim(4 + length); // one claim: a second could move the first
            return new Filling(both.slice(0, 4).order(ByteOrder.LITTLE_ENDIAN), both.slice(4, length));
        }

        /** The places of a response's CRC and bytes: fill {@code data}, then {@link #seal}. */
        public record Filling(ByteBuffer crc, ByteBuffer data) {
            /** Writes the CRC32C of all of {@code data}. */
            public void seal() {
                crc.putInt(0, crc32c(data.duplicate().position(0)));
            }
        }

        static ReadObject decode(PayloadReader r) throws StatusException {
            int length = r.u32("length", 0, Limits.MAX_IO);
            int sent = (int) r.u32("crc32c");
            ByteBuffer data = r.bytes(length, "data");
            if (crc32c(data.duplicate()) != sent) {
                throw new StatusException(Status.MALFORMED, "READ_OBJECT response: its " + length
                        + " bytes fail the CRC32C it carries");
            }
            return new ReadObject(data);
        }

        private static int crc32c(ByteBuffer b) {
            CRC32C crc = new CRC32C();
            crc.update(b);
            return (int) crc.getValue();
        }
    }

    /** STAT_OBJECT's response, and one LIST_OBJECTS entry. */
    public record ObjectStat(long id, long size, ObjectKind kind) implements Response {
        public void encode(PayloadWriter w) { w.u64(id).u64(size).u8(kind.code()); }

        static ObjectStat decode(PayloadReader r, String prefix) throws StatusException {
            return new ObjectStat(r.u64(prefix + "id"), r.u64(prefix + "size"),
                    r.u8Code(prefix + "kind", ObjectKind.values()));
        }
    }

    public record ListObjects(List<ObjectStat> entries, boolean more) implements Response {
        public void encode(PayloadWriter w) {
            w.u32(entries.size());
            for (ObjectStat e : entries) {
                e.encode(w);
            }
            w.u8(more ? 1 : 0);
        }

        static ListObjects decode(PayloadReader r) throws StatusException {
            int count = r.u32("count", 0, Limits.MAX_LIST);
            List<ObjectStat> entries = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                entries.add(ObjectStat.decode(r, "entry " + i + " "));
            }
            int more = r.u8("more");
            if (more > 1) {
                throw r.malformed("more is " + more + ", not 0 or 1");
            }
            return new ListObjects(List.copyOf(entries), more == 1);
        }
    }

    public record CreateTasklet(long taskletId) implements Response {
        public void encode(PayloadWriter w) { w.u64(taskletId); }
    }

    public record Execute(long execId) implements Response {
        public void encode(PayloadWriter w) { w.u64(execId); }
    }

    /**
     * {@code errorStatus}: the {@link Status} code a FAILED execution ended with, 0 otherwise;
     * {@code measuredNs}: the wall time the drive took to run it (no queueing), beside the modeled figures.
     */
    public record Poll(ExecutionState state, int errorStatus, long suggestedPollUs, long pagesDone, long pagesTotal,
                       long resultBytes, long modeledNs, long modeledEnergyNj, long serviceNs, long measuredNs,
                       String errorMessage)
            implements Response {
        public void encode(PayloadWriter w) {
            w.u8(state.code()).u8(0).u16(errorStatus).u32(suggestedPollUs).u64(pagesDone).u64(pagesTotal)
                    .u64(resultBytes).u64(modeledNs).u64(modeledEnergyNj).u64(serviceNs).u64(measuredNs)
                    .message(errorMessage);
        }

        /** This answer without its wall-clock measurement: the part that is the same on every run of the same work. */
        public Poll modeledOnly() {
            return new Poll(state, errorStatus, suggestedPollUs, pagesDone, pagesTotal, resultBytes, modeledNs,
                    modeledEnergyNj, serviceNs, 0, errorMessage);
        }

        static Poll decode(PayloadReader r) throws StatusException {
            ExecutionState state = r.u8Code("state", ExecutionState.values());
            r.u8("reserved");
            return new Poll(state, r.u16("error_status"), r.u32("suggested_poll_us"), r.u64("pages_done"),
                    r.u64("pages_total"), r.u64("result_bytes"), r.u64("modeled_ns"), r.u64("modeled_energy_nj"),
                    r.u64("service_ns"), r.u64("measured_ns"), r.str("error_message"));
        }
    }

    /** {@code data}: the bytes read, from its position to its limit. */
    public record ReadResult(long totalLength, ByteBuffer data) implements Response {
        public void encode(PayloadWriter w) {
            begin(w, totalLength, data.remaining()).put(data.duplicate());
        }

        /** Writes the lengths and returns the {@code length} bytes that follow, for the caller to fill. */
        public static ByteBuffer begin(PayloadWriter w, long totalLength, int length) {
            return w.u64(totalLength).u32(length).claim(length);
        }

        static ReadResult decode(PayloadReader r) throws StatusException {
            long total = r.u64("total_length");
            return new ReadResult(total, r.bytes(r.u32("length", 0, Limits.MAX_IO), "data"));
        }
    }

    public record Cancel(ExecutionState state) implements Response {
        public void encode(PayloadWriter w) { w.u8(state.code()); }
    }

    /** {@code received}: bytes of the upload the drive holds; {@code loaded}: the last chunk committed the module. */
    public record LoadModule(long received, boolean loaded) implements Response {
        public void encode(PayloadWriter w) { w.u64(received).u8(loaded ? 1 : 0); }

        static LoadModule decode(PayloadReader r) throws StatusException {
            long received = r.u64("received");
            int loaded = r.u8("loaded");
            if (loaded > 1) {
                throw r.malformed("loaded is " + loaded + ", not 0 or 1");
            }
            return new LoadModule(received, loaded == 1);
        }
    }

    /** One LIST_MODULES entry. */
    public record ModuleEntry(String name, int version, long size, byte[] sha256) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ModuleEntry m && m.name.equals(name) && m.version == version && m.size == size
                    && java.util.Arrays.equals(m.sha256, sha256);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, version, size, java.util.Arrays.hashCode(sha256));
        }
    }

    public record ListModules(List<ModuleEntry> modules) implements Response {
        public void encode(PayloadWriter w) {
            w.u16(modules.size());
            for (ModuleEntry m : modules) {
                w.str(m.name()).u32(m.version()).u64(m.size()).bytes(ByteBuffer.wrap(m.sha256()));
            }
        }

        static ListModules decode(PayloadReader r) throws StatusException {
            int n = r.u16("count");
            if (n > Limits.MAX_MODULES) {
                throw r.malformed("count " + n + " is beyond the " + Limits.MAX_MODULES + " modules a drive holds");
            }
            List<ModuleEntry> modules = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String name = r.str("module " + i + " name");
                int version = r.u32("module " + i + " version", 1, Integer.MAX_VALUE);
                long size = r.u64("module " + i + " size");
                byte[] sha = new byte[Requests.LoadModule.SHA256_BYTES];
                r.bytes(sha.length, "module " + i + " sha256").get(sha);
                modules.add(new ModuleEntry(name, version, size, sha));
            }
            return new ListModules(List.copyOf(modules));
        }
    }

    /** One damaged object a SCRUB found: its first damaged page. */
    public record Damage(long objectId, long offset, String message) { }

    /** {@code damaged}: how many objects were found damaged; {@code listed} the first of them, at most MAX_SCRUB_LIST. */
    public record Scrub(long objects, long bytes, long mediaErrors, long damaged, List<Damage> listed)
            implements Response {
        public void encode(PayloadWriter w) {
            w.u64(objects).u64(bytes).u64(mediaErrors).u32(damaged).u32(listed.size());
            for (Damage d : listed) {
                w.u64(d.objectId()).u64(d.offset()).message(d.message());
            }
        }

        static Scrub decode(PayloadReader r) throws StatusException {
            long objects = r.u64("objects_checked");
            long bytes = r.u64("bytes_checked");
            long mediaErrors = r.u64("media_errors");
            long damaged = r.u32("damaged");
            int n = r.u32("n", 0, Limits.MAX_SCRUB_LIST);
            List<Damage> listed = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                listed.add(new Damage(r.u64("damage " + i + " object_id"), r.u64("damage " + i + " offset"),
                        r.str("damage " + i + " message")));
            }
            return new Scrub(objects, bytes, mediaErrors, damaged, List.copyOf(listed));
        }
    }
}

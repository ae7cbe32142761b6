package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.wasm.WasmModule;
import com.dylibso.chicory.wasm.types.AnnotatedInstruction;
import com.dylibso.chicory.wasm.types.OpCode;
import java.io.ByteArrayOutputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites a checked module so that it meters itself and cannot outgrow its memory limit, by
 * adding code to the module rather than relying on a runtime hook (the compiler to JVM bytecode
 * has none). Four globals are appended after the module's own:
 * <ul>
 *   <li>{@link #FUEL} (i64): instructions left. Each straight-line segment of a function (from
 *       its entry, or after a block, loop, if, else, end or branch, to the next of these)
 *       subtracts its instruction count on entry and traps once fuel goes negative. A loop's
 *       back edge lands on such a charge, so no loop runs unmetered.</li>
 *   <li>{@link #ACCESSES} (i64): memory accesses, counted per segment (its loads and stores),
 *       plus one per 8 bytes a bulk {@code memory.copy} or {@code memory.fill} moves.</li>
 *   <li>{@link #SCRATCH} (i32): holds an operand while a check runs.</li>
 *   <li>{@link #STOPPED_BY} (i32): 0, or why the added code trapped ({@link #OUT_OF_FUEL},
 *       {@link #OUT_OF_MEMORY}), so the runner tells a limit from the module's own trap.</li>
 * </ul>
 * Every {@code memory.grow} first checks that the memory would stay within the limit. The
 * counts are of the module's own instructions, so they are the same wherever it runs.
 */
final class MeteringInstrumenter {
    static final int FUEL = 0;
    static final int ACCESSES = 1;
    static final int SCRATCH = 2;
    static final int STOPPED_BY = 3;

    static final int OUT_OF_FUEL = 1;
    static final int OUT_OF_MEMORY = 2;

    private static final int GLOBAL_SECTION = 6;
    private static final int CODE_SECTION = 10;
    /** Non-custom section ids in the order the binary format requires. */
    private static final int[] SECTION_ORDER = {1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11};

    /** MVP, sign extension, saturating truncation, bulk memory and the basic reference types. */
    private static final Set<OpCode> ALLOWED = allowed();
    private static final Set<OpCode> ENDS_SEGMENT = EnumSet.of(OpCode.BLOCK, OpCode.LOOP, OpCode.IF, OpCode.ELSE,
            OpCode.END, OpCode.BR, OpCode.BR_IF, OpCode.BR_TABLE, OpCode.RETURN, OpCode.UNREACHABLE);
    private static final Set<OpCode> LOADS_AND_STORES = EnumSet.range(OpCode.I32_LOAD, OpCode.I64_STORE32);

    /** The rewritten binary, and the index of the first added global. */
    record Instrumented(byte[] bytes, int firstGlobal) {
        int global(int which) {
            return firstGlobal + which;
        }
    }

    private final byte[] wasm;
    private final WasmModule module;
    private final int memoryLimitPages;
    private final int first;

    private MeteringInstrumenter(byte[] wasm, WasmModule module, int memoryLimitPages) {
        this.wasm = wasm;
        this.module = module;
        this.memoryLimitPages = memoryLimitPages;
        this.first = module.globalSection().globalCount();
    }

    /** {@code wasm} must be the binary {@code module} was parsed from, with no imported globals. */
    static Instrumented instrument(byte[] wasm, WasmModule module, int memoryLimitPages) throws ModuleRejectedException {
        MeteringInstrumenter m = new MeteringInstrumenter(wasm, module, memoryLimitPages);
        return new Instrumented(m.rewrite(), m.first);
    }

    private byte[] rewrite() throws ModuleRejectedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(wasm.length * 2);
        out.write(wasm, 0, 8);
        boolean globalsWritten = false;
        int pos = 8;
        while (pos < wasm.length) {
            int id = wasm[pos] & 0xff;
            Leb128.U32 size = Leb128.readU32(wasm, pos + 1);
            int payload = pos + 1 + size.length();
            int end = payload + size.value();
            if (!globalsWritten && id != 0 && rank(id) > rank(GLOBAL_SECTION)) {
                section(out, GLOBAL_SECTION, globals(0, payload, payload));
                globalsWritten = true;
            }
            if (id == GLOBAL_SECTION) {
                Leb128.U32 count = Leb128.readU32(wasm, payload);
                section(out, GLOBAL_SECTION, globals(count.value(), payload + count.length(), end));
                globalsWritten = true;
            } else if (id == CODE_SECTION) {
                section(out, CODE_SECTION, code(payload));
            } else {
                out.write(wasm, pos, end - pos);
            }
            pos = end;
        }
        if (!globalsWritten) {
            section(out, GLOBAL_SECTION, globals(0, pos, pos));
        }
        return out.toByteArray();
    }

    private static int rank(int id) {
        for (int i = 0; i < SECTION_ORDER.length; i++) {
            if (SECTION_ORDER[i] == id) {
                return i;
            }
        }
        return -1;
    }

    private static void section(ByteArrayOutputStream out, int id, byte[] payload) {
        out.write(id);
        Leb128.writeU32(out, payload.length);
        out.writeBytes(payload);
    }

    /** The module's {@code count} globals (bytes {@code from..to}) and the four added ones. */
    private byte[] globals(int count, int from, int to) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Leb128.writeU32(b, count + 4L);
        b.write(wasm, from, to - from);
        for (int type : new int[] {0x7e, 0x7e, 0x7f, 0x7f}) { // i64 fuel, i64 accesses, i32 scratch, i32 stopped-by
            b.write(type);
            b.write(0x01); // mutable
            b.write(type == 0x7e ? 0x42 : 0x41); // i64.const / i32.const 0, end
            b.write(0x00);
            b.write(0x0b);
        }
        return b.toByteArray();
    }

    private byte[] code(int payload) throws ModuleRejectedException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Leb128.U32 count = Leb128.readU32(wasm, payload);
        Leb128.writeU32(b, count.value());
        int p = payload + count.length();
        for (int f = 0; f < count.value(); f++) {
            Leb128.U32 size = Leb128.readU32(wasm, p);
            int start = p + size.length();
            int end = start + size.value();
            byte[] body = body(f, start, end, module.codeSection().getFunctionBody(f).instructions());
            Leb128.writeU32(b, body.length);
            b.writeBytes(body);
            p = end;
        }
        return b.toByteArray();
    }

    private byte[] body(int function, int start, int end, List<AnnotatedInstruction> ins) throws ModuleRejectedException {
        int n = ins.size();
        ByteArrayOutputStream b = new ByteArrayOutputStream(2 * (end - start));
        int firstInstruction = ins.get(0).address();
        if (firstInstruction < start || firstInstruction >= end) {
            throw new IllegalStateException("function " + function + ": instruction addresses do not match its body");
        }
        b.write(wasm, start, firstInstruction - start); // the locals
        int segmentEnd = -1;
        for (int i = 0; i < n; i++) {
            OpCode op = ins.get(i).opcode();
            if (!ALLOWED.contains(op)) {
                throw new ModuleRejectedException("function " + (module.importSection().importCount() + function)
                        + " uses " + op + ", outside the instruction set of user tasklets (the MVP, sign extension,"
                        + " saturating truncation, bulk memory and basic reference types)");
            }
            if (i > segmentEnd) {
                segmentEnd = chargeSegment(b, ins, i);
            }
            if (op == OpCode.MEMORY_GROW) {
                checkGrowth(b);
            } else if (op == OpCode.MEMORY_COPY || op == OpCode.MEMORY_FILL) {
                countBulkAccesses(b);
            }
            int from = ins.get(i).address();
            int to = i + 1 < n ? ins.get(i + 1).address() : end;
            if (to <= from || to > end) {
                throw new IllegalStateException("function " + function + ": instruction addresses do not match its body");
            }
            b.write(wasm, from, to - from);
        }
        return b.toByteArray();
    }

    /** Writes the charge for the segment starting at instruction {@code i}; returns its last instruction. */
    private int chargeSegment(ByteArrayOutputStream b, List<AnnotatedInstruction> ins, int i) {
        int j = i;
        long accesses = 0;
        while (true) {
            OpCode op = ins.get(j).opcode();
            if (LOADS_AND_STORES.contains(op)) {
                accesses++;
            }
            if (ENDS_SEGMENT.contains(op) || j == ins.size() - 1) {
                break;
            }
            j++;
        }
        globalGet(b, FUEL);
        i64Const(b, j - i + 1L);
        b.write(0x7d); // i64.sub
        globalSet(b, FUEL);
        globalGet(b, FUEL);
        i64Const(b, 0);
        b.write(0x53); // i64.lt_s
        trapIf(b, OUT_OF_FUEL);
        if (accesses > 0) {
            globalGet(b, ACCESSES);
            i64Const(b, accesses);
            b.write(0x7c); // i64.add
            globalSet(b, ACCESSES);
        }
        return j;
    }

    /** Before memory.grow (pages to add on the stack): trap if the memory would pass the limit. */
    private void checkGrowth(ByteArrayOutputStream b) {
        globalSet(b, SCRATCH);
        b.write(0x3f); // memory.size 0
        b.write(0x00);
        b.write(0xad); // i64.extend_i32_u
        globalGet(b, SCRATCH);
        b.write(0xad);
        b.write(0x7c); // i64.add
        i64Const(b, memoryLimitPages);
        b.write(0x56); // i64.gt_u
        trapIf(b, OUT_OF_MEMORY);
        globalGet(b, SCRATCH);
    }

    /** Before memory.copy or memory.fill (length on the stack): one access per 8 bytes. */
    private void countBulkAccesses(ByteArrayOutputStream b) {
        globalSet(b, SCRATCH);
        globalGet(b, ACCESSES);
        globalGet(b, SCRATCH);
        b.write(0xad); // i64.extend_i32_u
        i64Const(b, 3);
        b.write(0x88); // i64.shr_u
        b.write(0x7c); // i64.add
        globalSet(b, ACCESSES);
        globalGet(b, SCRATCH);
    }

    /** if (top of stack) { stopped-by = why; unreachable } */
    private void trapIf(ByteArrayOutputStream b, int why) {
        b.write(0x04); // if, no result
        b.write(0x40);
        b.write(0x41); // i32.const why
        Leb128.writeS64(b, why);
        globalSet(b, STOPPED_BY);
        b.write(0x00); // unreachable
        b.write(0x0b); // end
    }

    private void globalGet(ByteArrayOutputStream b, int which) {
        b.write(0x23);
        Leb128.writeU32(b, first + which);
    }

    private void globalSet(ByteArrayOutputStream b, int which) {
        b.write(0x24);
        Leb128.writeU32(b, first + which);
    }

    private static void i64Const(ByteArrayOutputStream b, long v) {
        b.write(0x42);
        Leb128.writeS64(b, v);
    }

    private static Set<OpCode> allowed() {
        Set<OpCode> s = EnumSet.range(OpCode.UNREACHABLE, OpCode.I64_EXTEND_32_S);
        s.removeAll(EnumSet.of(OpCode.THROW, OpCode.THROW_REF, OpCode.TRY_TABLE, OpCode.RETURN_CALL,
                OpCode.RETURN_CALL_INDIRECT, OpCode.CALL_REF, OpCode.RETURN_CALL_REF));
        s.addAll(EnumSet.of(OpCode.REF_NULL, OpCode.REF_IS_NULL, OpCode.REF_FUNC));
        s.addAll(EnumSet.range(OpCode.I32_TRUNC_SAT_F32_S, OpCode.TABLE_FILL));
        return s;
    }
}

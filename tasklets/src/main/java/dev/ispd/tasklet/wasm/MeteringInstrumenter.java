package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.wasm.WasmModule;
import com.dylibso.chicory.wasm.types.AnnotatedInstruction;
import com.dylibso.chicory.wasm.types.OpCode;
import dev.ispd.tasklet.Leb128;
import java.io.ByteArrayOutputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites a checked module so that it meters itself and cannot outgrow its memory limit, by
 * adding code to the module rather than relying on a runtime hook (the compiler to JVM bytecode
 * has none). Five globals are appended after the module's own:
 * <ul>
 *   <li>{@link #FUEL} (i64): instructions left in the current slice.</li>
 *   <li>{@link #ACCESSES} (i64): memory accesses: loads and stores, plus one per 8 bytes a bulk
 *       {@code memory.copy} or {@code memory.fill} moves.</li>
 *   <li>{@link #SCRATCH} (i32): holds an operand while a check runs.</li>
 *   <li>{@link #STOPPED_BY} (i32): 0, or why the added code trapped ({@link #OUT_OF_FUEL},
 *       {@link #OUT_OF_MEMORY}), so the runner tells a limit from the module's own trap.</li>
 *   <li>{@link #REFUEL} (i64): read when a slice's fuel has gone negative; the runtime backs it
 *       with {@link FuelSlices}, whose read ends the slice (the module may give up its turn there)
 *       and answers the next slice's fuel, or a negative number when the execution's instruction
 *       limit is used up.</li>
 * </ul>
 * Inside a function the counting runs on two added locals, which the compiler keeps in JVM
 * locals, so the hot path touches no global: each straight-line segment (from the function's
 * entry, or after a block, loop, if, else, end or branch, to the next of these) subtracts its
 * instruction count from the fuel local and adds its loads and stores to the access local as it
 * is entered. The fuel is checked only at the function's entry and at every loop head (a loop's
 * back edge lands on its check); once negative, it is written back and {@link #REFUEL} read, and
 * the module traps only if that is negative too. This bounds any run between checks by the length of the
 * longest loop-free path of one function. The locals are taken from the globals at entry and
 * after each call to another function of the module, and written back before such a call and
 * before every way out of the function ({@code return}, its last {@code end}, a branch to its
 * outermost label). Every {@code memory.grow} first checks that the memory would stay within the
 * limit. The counts are of the module's own instructions, so they are the same wherever it runs.
 */
final class MeteringInstrumenter {
    static final int FUEL = 0;
    static final int ACCESSES = 1;
    static final int SCRATCH = 2;
    static final int STOPPED_BY = 3;
    static final int REFUEL = 4;
    static final int ADDED_GLOBALS = 5;

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
    private final int imported;

    private MeteringInstrumenter(byte[] wasm, WasmModule module, int memoryLimitPages) {
        this.wasm = wasm;
        this.module = module;
        this.memoryLimitPages = memoryLimitPages;
        this.first = module.globalSection().globalCount();
        this.imported = module.importSection().count(com.dylibso.chicory.wasm.types.ExternalType.FUNCTION);
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

    /** The module's {@code count} globals (bytes {@code from..to}) and the added ones. */
    private byte[] globals(int count, int from, int to) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Leb128.writeU32(b, count + (long) ADDED_GLOBALS);
        b.write(wasm, from, to - from);
        // i64 fuel, i64 accesses, i32 scratch, i32 stopped-by, i64 refuel
        for (int type : new int[] {0x7e, 0x7e, 0x7f, 0x7f, 0x7e}) {
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
        Counters c = locals(b, function, start);
        c.reload(b);
        int segmentEnd = -1;
        int depth = 0; // open blocks, loops and ifs inside the function's own block
        for (int i = 0; i < n; i++) {
            AnnotatedInstruction in = ins.get(i);
            OpCode op = in.opcode();
            if (!ALLOWED.contains(op)) {
                throw new ModuleRejectedException("function " + (imported + function)
                        + " uses " + op + ", outside the instruction set of user tasklets (the MVP, sign extension,"
                        + " saturating truncation, bulk memory and basic reference types)");
            }
            if (i > segmentEnd) {
                segmentEnd = chargeSegment(b, c, ins, i);
                if (i == 0 || ins.get(i - 1).opcode() == OpCode.LOOP) {
                    c.checkFuel(b);
                }
            }
            if (op == OpCode.MEMORY_GROW) {
                checkGrowth(b);
            } else if (op == OpCode.MEMORY_COPY || op == OpCode.MEMORY_FILL) {
                countBulkAccesses(b);
            } else if (leavesFunction(in, depth, i == n - 1) || callsTheModule(in)) {
                c.flush(b);
            }
            int from = in.address();
            int to = i + 1 < n ? ins.get(i + 1).address() : end;
            if (to <= from || to > end) {
                throw new IllegalStateException("function " + function + ": instruction addresses do not match its body");
            }
            b.write(wasm, from, to - from);
            if (callsTheModule(in)) {
                c.reload(b);
            }
            if (op == OpCode.BLOCK || op == OpCode.LOOP || op == OpCode.IF) {
                depth++;
            } else if (op == OpCode.END) {
                depth--;
            }
        }
        return b.toByteArray();
    }

    /** {@code return}, the function's last {@code end}, or a branch that may target the function's own label. */
    private static boolean leavesFunction(AnnotatedInstruction in, int depth, boolean last) {
        return switch (in.opcode()) {
            case RETURN -> true;
            case END -> last;
            case BR, BR_IF -> in.operand(0) == depth;
            case BR_TABLE -> java.util.Arrays.stream(in.operands()).anyMatch(label -> label == depth);
            default -> false;
        };
    }

    /** A call that may run another function of the module, which reads and writes the globals. */
    private boolean callsTheModule(AnnotatedInstruction in) {
        return in.opcode() == OpCode.CALL_INDIRECT || in.opcode() == OpCode.CALL && in.operand(0) >= imported;
    }

    /** Copies the function's local declarations with two i64 locals added; returns them. */
    private Counters locals(ByteArrayOutputStream b, int function, int start) {
        Leb128.U32 groups = Leb128.readU32(wasm, start);
        int p = start + groups.length();
        for (int g = 0; g < groups.value(); g++) {
            p += Leb128.readU32(wasm, p).length() + 1; // count, then one value type byte
        }
        Leb128.writeU32(b, groups.value() + 1L);
        b.write(wasm, start + groups.length(), p - start - groups.length());
        Leb128.writeU32(b, 2);
        b.write(0x7e); // i64
        int params = module.functionSection().getFunctionType(function, module.typeSection()).params().size();
        int first = params + module.codeSection().getFunctionBody(function).localTypes().size();
        return new Counters(first, first + 1);
    }

    /** The fuel and access locals of one function. */
    private final class Counters {
        private final int fuel;
        private final int accesses;

        Counters(int fuel, int accesses) {
            this.fuel = fuel;
            this.accesses = accesses;
        }

        /** fuel = global fuel */
        void reload(ByteArrayOutputStream b) {
            globalGet(b, FUEL);
            localSet(b, fuel);
        }

        /** global fuel = fuel; global accesses += accesses; accesses = 0 */
        void flush(ByteArrayOutputStream b) {
            localGet(b, fuel);
            globalSet(b, FUEL);
            globalGet(b, ACCESSES);
            localGet(b, accesses);
            b.write(0x7c); // i64.add
            globalSet(b, ACCESSES);
            i64Const(b, 0);
            localSet(b, accesses);
        }

        /**
         * Once the slice's fuel has gone negative: writes it back, takes the next slice's from
         * {@link #REFUEL}, and traps, naming the fuel, if there is none.
         */
        void checkFuel(ByteArrayOutputStream b) {
            localGet(b, fuel);
            i64Const(b, 0);
            b.write(0x53); // i64.lt_s
            b.write(0x04); // if, no result
            b.write(0x40);
            localGet(b, fuel);
            globalSet(b, FUEL);
            globalGet(b, REFUEL);
            localSet(b, fuel);
            localGet(b, fuel);
            i64Const(b, 0);
            b.write(0x53); // i64.lt_s
            trapIf(b, OUT_OF_FUEL);
            b.write(0x0b); // end
        }
    }

    /** Writes the charge for the segment starting at instruction {@code i}; returns its last instruction. */
    private int chargeSegment(ByteArrayOutputStream b, Counters c, List<AnnotatedInstruction> ins, int i) {
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
        localGet(b, c.fuel);
        i64Const(b, j - i + 1L);
        b.write(0x7d); // i64.sub
        localSet(b, c.fuel);
        if (accesses > 0) {
            localGet(b, c.accesses);
            i64Const(b, accesses);
            b.write(0x7c); // i64.add
            localSet(b, c.accesses);
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

    private static void localGet(ByteArrayOutputStream b, int index) {
        b.write(0x20);
        Leb128.writeU32(b, index);
    }

    private static void localSet(ByteArrayOutputStream b, int index) {
        b.write(0x21);
        Leb128.writeU32(b, index);
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

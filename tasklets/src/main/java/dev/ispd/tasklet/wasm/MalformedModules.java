package dev.ispd.tasklet.wasm;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * Why bytes are not a WebAssembly module, in words an operator can act on. The parser (Chicory)
 * starts every such message with the names of the spec tests' errors that might apply ("section
 * size mismatch, unexpected end of section or function, ") whatever happened; this keeps what did.
 */
final class MalformedModules {
    /** What every module starts with: the magic number {@code \0asm} and version 1. */
    private static final byte[] HEADER = {0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00};
    /** The parser's prefix naming every error it might be, not the one that happened. */
    private static final String SPEC_TEST_NAMES = "section size mismatch, unexpected end of section or function, ";

    private MalformedModules() {
    }

    /** The cause of {@code parse}'s refusal of {@code wasm}. */
    static String cause(byte[] wasm, RuntimeException parse) {
        if (wasm.length == 0) {
            return "the file is empty (0 bytes)";
        }
        byte[] start = Arrays.copyOf(wasm, Math.min(wasm.length, HEADER.length));
        if (wasm.length < HEADER.length || !Arrays.equals(start, HEADER)) {
            return "it does not start with WebAssembly's magic number and version 1 (" + HexFormat.ofDelimiter(" ")
                    .formatHex(HEADER) + ") but with " + HexFormat.ofDelimiter(" ").formatHex(start)
                    + (wasm.length < HEADER.length ? " (" + wasm.length + " bytes in all)" : "")
                    + ": not a .wasm file";
        }
        String what = parse.getMessage() == null ? parse.getClass().getSimpleName() : parse.getMessage();
        if (what.startsWith(SPEC_TEST_NAMES)) {
            what = what.substring(SPEC_TEST_NAMES.length());
        }
        if (what.startsWith("length out of bounds")) {
            return "a section runs past the end of its " + wasm.length + " bytes (" + what + "): the file is cut "
                    + "short";
        }
        return what;
    }
}

package dev.ispd.sim.hostif;

import java.nio.charset.StandardCharsets;

/** Rules for the protocol's strings and parameter keys, shared by the reader and the writer. */
final class WireStrings {
    private WireStrings() {
    }

    /** Returns what is wrong with a params key, or null if it is valid ({@code [A-Za-z0-9._-]+}). */
    static String checkParamKey(String key) {
        if (key.isEmpty()) {
            return "is empty";
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!ok) {
                return "'" + key + "' has a character outside [A-Za-z0-9._-] at index " + i;
            }
        }
        return null;
    }

    /** UTF-8 bytes of {@code s}, cut to at most {@code max} bytes on a character boundary. */
    static byte[] utf8Truncated(String s, int max) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length <= max) {
            return b;
        }
        int end = max;
        while (end > 0 && (b[end] & 0xC0) == 0x80) {
            end--; // b[end] continues a multi-byte character: cut before that character
        }
        return java.util.Arrays.copyOf(b, end);
    }
}

package dev.ispd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java vocabulary of dev.ispd.protocol and the C header ispd.h name the same constants with
 * the same numbers, in both directions: a constant in one and not the other fails, naming it.
 * Java names map to C names mechanically: an enum constant {@code X} is
 * {@code <prefix>X} in the enum typedef of its type, a field {@code X} of the constant classes
 * is {@code #define ISPD_X}.
 */
class HeaderVocabularyTest {
    private static final Path HEADER = Path.of("src", "main", "c", "include", "ispd.h");

    /** Defines of the C library's API that are not protocol vocabulary, and why Java has none of them. */
    private static final Map<String, String> C_API_ONLY = Map.of(
            "ISPD_PROPS_TEXT_MAX", "the size of ispd_device_info's capabilities text (checked by jni_layout.c)",
            "ISPD_DEFAULT_TIMEOUT_MS", "how long the C library waits for an answer by default",
            "ISPD_CONNECT_TIMEOUT_MS", "how long the C library waits for a tcp: host to answer a connect",
            "ISPD_BUSY_RETRIES", "how often the C library retries a connection refused at admission",
            "ISPD_BUSY_MAX_WAIT_MS", "the longest retry hint the C library waits for");

    /** The header's enum typedefs and the Java enum each one is. */
    private static final Map<String, Class<? extends Enum<?>>> ENUMS = Map.of(
            "ispd_opcode", Opcode.class,
            "ispd_status", Status.class,
            "ispd_object_kind", ObjectKind.class,
            "ispd_tasklet_form", TaskletForm.class,
            "ispd_exec_state", ExecutionState.class);

    /** The classes whose public constants are {@code #define ISPD_<field name>}. */
    private static final List<Class<?>> DEFINE_CLASSES = List.of(FrameFormat.class, Limits.class, ReservedValues.class);

    private static CHeader header;

    @BeforeAll
    static void readHeader() throws IOException {
        header = CHeader.read(HEADER);
    }

    @Test
    void everyEnumOfTheHeaderHasAJavaEnum() {
        assertEquals(new TreeSet<>(ENUMS.keySet()), new TreeSet<>(header.enums().keySet()),
                "enum typedefs of " + HEADER + " against the Java enums of dev.ispd.protocol");
    }

    @Test
    void opcodes() {
        assertSame("ispd_opcode", enumConstants(Opcode.values(), o -> "ISPD_OP_" + o.name()));
    }

    @Test
    void statuses() {
        assertSame("ispd_status", enumConstants(Status.values(),
                s -> (s.isClientSide() ? "ISPD_E_" : "ISPD_") + s.name()));
    }

    @Test
    void objectKinds() {
        assertSame("ispd_object_kind", enumConstants(ObjectKind.values(), k -> "ISPD_KIND_" + k.name()));
    }

    @Test
    void taskletForms() {
        assertSame("ispd_tasklet_form", enumConstants(TaskletForm.values(), f -> "ISPD_FORM_" + f.name()));
    }

    @Test
    void executionStates() {
        assertSame("ispd_exec_state", enumConstants(ExecutionState.values(), s -> "ISPD_EXEC_" + s.name()));
    }

    @Test
    void definesAreTheConstantsOfFrameFormatLimitsAndReservedValues() throws IllegalAccessException {
        Map<String, Long> java = new TreeMap<>();
        for (Class<?> c : DEFINE_CLASSES) {
            for (Field f : c.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                    Object v = f.get(null);
                    // an int constant stands for a C value of up to 32 bits, so compare it unsigned
                    java.put("ISPD_" + f.getName(), v instanceof Integer i ? Integer.toUnsignedLong(i) : (Long) v);
                }
            }
        }
        Map<String, Long> c = new TreeMap<>(header.defines());
        for (String name : C_API_ONLY.keySet()) {
            assertTrue(c.remove(name) != null,
                    name + " is listed as C API only but " + HEADER + " no longer defines it");
        }
        assertSameConstants("#defines", c, java);
    }

    private static void assertSame(String typedef, Map<String, Long> java) {
        Map<String, Long> c = header.enums().get(typedef);
        if (c == null) {
            fail(HEADER + " has no enum typedef " + typedef);
        }
        assertSameConstants("enum " + typedef, c, java);
    }

    private static <E extends WireCode> Map<String, Long> enumConstants(E[] values, Function<E, String> cName) {
        Map<String, Long> m = new TreeMap<>();
        for (E e : values) {
            m.put(cName.apply(e), (long) e.code());
        }
        return m;
    }

    /** Fails naming every constant only one side has and every one whose numbers differ. */
    private static void assertSameConstants(String what, Map<String, Long> c, Map<String, Long> java) {
        List<String> problems = new ArrayList<>();
        Set<String> names = new TreeSet<>(c.keySet());
        names.addAll(java.keySet());
        for (String name : names) {
            Long inC = c.get(name);
            Long inJava = java.get(name);
            if (inJava == null) {
                problems.add(name + " = " + inC + " is in ispd.h but not in dev.ispd.protocol");
            } else if (inC == null) {
                problems.add(name + " = " + inJava + " is in dev.ispd.protocol but not in ispd.h");
            } else if (!inC.equals(inJava)) {
                problems.add(name + " is " + Long.toUnsignedString(inC) + " in ispd.h but "
                        + Long.toUnsignedString(inJava) + " in dev.ispd.protocol");
            }
        }
        if (!problems.isEmpty()) {
            fail(what + " of " + HEADER + " and the Java vocabulary differ:\n  " + String.join("\n  ", problems));
        }
    }
}

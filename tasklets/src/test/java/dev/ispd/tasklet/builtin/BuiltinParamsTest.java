package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every built-in rejects bad parameters with a message naming the key and the value. */
class BuiltinParamsTest {
    private static final ScanContext PAGES_8K = new ScanContext(8192);
    private static final TaskletRegistry REGISTRY = TaskletRegistry.builtins();

    private static TaskletFactory factory(String name) {
        return REGISTRY.find(name).orElseThrow();
    }

    @Test
    void registryListsEveryBuiltIn() {
        List<String> names = new ArrayList<>();
        REGISTRY.names().forEach(names::add);
        assertEquals(List.of("bfs", "filter", "kmeans", "knn", "microbench", "noop", "q1", "q2", "spmv"), names);
        for (String name : REGISTRY.names()) {
            assertEquals(name, factory(name).name());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // tasklet | params (key=value;... or - for none) | words the message must contain
        "noop       | x=1                                         | 'x'",
        "q1         | entrySize=33                                | 'entrySize';33",
        "q1         | entrySize=abc                               | 'entrySize';abc",
        "q1         | -                                           | 'entrySize';missing",
        "q1         | entrySize=32;topN=3                         | 'topN';unknown",
        "q2         | entrySize=32;topN=0                         | 'topN';0",
        "q2         | entrySize=32;topN=14                        | 'topN';14",
        "q2         | entrySize=512                               | 'entrySize';512",
        "filter     | entrySize=32;field=foo;op=eq;value=1        | 'field';foo",
        "filter     | entrySize=32;field=size;op=like;value=1     | 'op';like",
        "filter     | entrySize=32;field=region;op=eq;value=8     | 'value';8",
        "filter     | entrySize=32;field=type;op=eq;value=256     | 'value';256",
        "filter     | entrySize=32;field=size;op=eq;value=-1      | 'value';-1",
        "filter     | entrySize=32;field=size;op=eq;value=4294967296 | 'value';4294967296",
        "filter     | entrySize=32;field=size;op=eq;value=1;mode=fast | 'mode';fast",
        "filter     | entrySize=32;field=size;op=eq               | 'value';missing",
        "filter     | entrySize=32;field=size;op=eq;value=1;Value=2 | 'Value';unknown",
        "microbench | accessesPerPage=0                           | 'accessesPerPage';0",
        "microbench | accessesPerPage=2049                        | 'accessesPerPage';2049",
        "microbench | accessesPerPage=8;key=4294967296            | 'key';4294967296",
    })
    void badParametersNameTheKeyAndTheValue(String tasklet, String params, String words) {
        Params p = parse(params);
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> factory(tasklet).create(p, Params.EMPTY, PAGES_8K));
        for (String word : words.split(";")) {
            assertTrue(e.getMessage().contains(word), "'" + e.getMessage() + "' should name " + word);
        }
    }

    @Test
    void validateChecksCreationParametersWithoutAPageSize() {
        assertThrows(BadParameterException.class, () -> factory("q1").validate(Params.of("entrySize", "7")));
        assertDoesNotThrow(() -> factory("microbench").validate(Params.of("accessesPerPage", "4096")));
        // 4096 accesses of 4 bytes do not fit a page of 8 KiB: known only once the page size is.
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> factory("microbench").create(Params.of("accessesPerPage", "4096"), Params.EMPTY, PAGES_8K));
        assertTrue(e.getMessage().contains("[1, 2048]"), e.getMessage());
    }

    @Test
    void runtimeParametersOverrideCreationParameters() throws BadParameterException {
        Params creation = Params.of("entrySize", "20", "field", "type", "op", "eq", "value", "1");
        assertDoesNotThrow(() -> factory("filter").create(creation, Params.of("value", "2"), PAGES_8K));
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> factory("filter").create(creation, Params.of("value", "300"), PAGES_8K));
        assertTrue(e.getMessage().contains("'value'") && e.getMessage().contains("300"), e.getMessage());
        assertEquals(20, factory("filter").create(creation, Params.of("entrySize", "20"), PAGES_8K).recordSize());
        assertEquals(64, factory("q1").create(Params.of("entrySize", "32"), Params.of("entrySize", "64"), PAGES_8K)
                .recordSize());
    }

    @Test
    void goodParametersAreAccepted() throws BadParameterException {
        assertEquals(0, factory("noop").create(Params.EMPTY, Params.EMPTY, PAGES_8K).recordSize());
        assertEquals(256, factory("q2").create(Params.of("entrySize", "256"), Params.EMPTY, PAGES_8K).recordSize());
        assertEquals(0, factory("microbench").create(Params.of("accessesPerPage", "2048", "key", "-5"), Params.EMPTY,
                PAGES_8K).recordSize());
        for (String field : List.of("timestamp", "clientID", "objectID", "size", "method", "status", "type", "server", "region")) {
            for (String op : List.of("eq", "ne", "lt", "le", "gt", "ge")) {
                factory("filter").validate(Params.of("entrySize", "128", "field", field, "op", op, "value", "0",
                        "mode", "full"));
            }
        }
    }

    private static Params parse(String text) {
        try {
            return text.equals("-") ? Params.EMPTY : Params.parse(text.replace(';', '\n'));
        } catch (BadParameterException e) {
            throw new AssertionError(e);
        }
    }
}

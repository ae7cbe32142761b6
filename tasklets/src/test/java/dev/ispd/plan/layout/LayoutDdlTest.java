package dev.ispd.plan.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The text and JSON forms of a layout into the plan model's Layout, and their errors naming the field. */
class LayoutDdlTest {
    private static final String SENSOR = "id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5, total u64 be @8";

    @Test
    void textDeclaresWidthsSignsByteOrdersAndBitRanges() {
        Layout layout = LayoutDdl.parse("sensor", SENSOR, 0, "option layout");
        assertEquals(new Layout("sensor", 16, List.of(
                new Field("id", 0, 4, false, false, 0, 0, false, 0),
                new Field("flags", 4, 1, false, true, 0, 3, false, 0),
                new Field("temp", 5, 2, true, true, 0, 0, false, 0),
                Field.unsigned("total", 8, 8))), layout);
        assertEquals(32, LayoutDdl.parse("sensor", SENSOR, 32, "option layout").recordSize(), "padded records");
    }

    @Test
    void formatWritesWhatParseReads() {
        Layout wc = Layout.worldCup98(256);
        assertEquals(wc, LayoutDdl.parse(wc.name(), LayoutDdl.format(wc), 256, "test"));
        assertEquals("id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5, total u64 @8",
                LayoutDdl.format(LayoutDdl.parse("s", SENSOR, 0, "test")));
    }

    @Test
    void jsonDescribesTheSameLayout() {
        String json = """
                {"name": "sensor", "recordSize": 16, "fields": [
                  {"name": "id", "type": "u32", "order": "le", "offset": 0},
                  {"name": "flags", "type": "u8", "offset": 4, "bits": "0..2"},
                  {"name": "temp", "type": "i16", "offset": 5},
                  {"name": "total", "type": "u64", "order": "be", "offset": 8}]}""";
        assertEquals(LayoutDdl.parse("sensor", SENSOR, 0, "test"), LayoutJson.parse(json, 0, "layout.json"));
        assertEquals(Layouts.CUSTOM, LayoutJson.parse("{\"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]}",
                0, "layout.json").name());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "id u32 @0, flags u9 @4                  | option layout: field flags: type 'u9' is not u8, u16, ... u64",
        "id u32 @0, flags u8 @4 bits 2..9        | option layout: field flags: bits [2, 10) do not lie inside its 8 bits",
        "id u32 @0, flags u8 @4 bits 5..2        | option layout: field flags: bits '5..2' is not LOW..HIGH",
        "id u32 @0, flags u8 middle @4           | option layout: field 'flags u8 middle @4' is not NAME TYPE",
        "id u32 @0, flags u8                     | option layout: field 'flags u8' is not NAME TYPE",
        "id u32 @0, id u8 @4                     | option layout: layout custom: field id is defined twice",
        "id u32 @0, big u64 @6                   | option layout: layout custom: field big ends at byte 14, past the 8-byte record",
    })
    void badTextNamesTheField(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parse(Layouts.CUSTOM, text, 8, "option layout"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"fields\": [{\"name\": \"a\", \"type\": \"f32\", \"offset\": 0}]}  | l.json: field a: type 'f32' is not",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\"}]}                 | l.json: field a needs a name, a type and an offset",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": -1}]} | l.json: field a: offset must not be negative",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": \"x\"}]} | l.json: field a offset must be a whole number",
        "{\"recordSize\": 4, \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]} | l.json has records of 4 bytes, but the entry size given is 8",
        "{\"fields\": []}                                                  | l.json: a layout is an object with an array of \"fields\"",
        "{fields                                                           | l.json is not JSON",
    })
    void badJsonNamesTheField(String json, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LayoutJson.parse(json, 8, "l.json"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }
}

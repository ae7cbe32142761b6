package dev.ispd.plan.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The text and JSON forms of a layout into the plan model's Layout, and their errors naming the field. */
class LayoutDdlTest {
    private static final String SENSOR = "id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5, total u64 be @8";
    /** Every type, null bits in byte 4 beside a 3-bit field, and a null value. */
    private static final String ORDERS = "id i32 le @0, flags u8 @4 bits 0..2, price decimal(12,2) le @8 nullable @4.7, "
            + "qty decimal(5,2)/8 @16 nullable @4.6, big decimal(30,4) le @24, ratio f64 le @40, temp f32 @48, "
            + "day date @52 nullable @4.5, at timestamp le @56, ok bool @64, hot bool @65 bits 3..3, "
            + "code char(6) zero @66, name char(10) @72 nullable @4.4, level u8 @82 nullable = 255, "
            + "serial u64 @84 nullable = 18446744073709551615";

    private static Layout orders() {
        return new Layout("orders", 96, List.of(
                new Field("id", 0, 4, true, false, 0, 0, false, 0),
                new Field("flags", 4, 1, false, true, 0, 3, false, 0),
                Field.of("price", 8, 8, FieldType.decimal(12, 2), false).withNullBit(4, 7),
                Field.of("qty", 16, 8, FieldType.decimal(5, 2), true).withNullBit(4, 6),
                Field.of("big", 24, 16, FieldType.decimal(30, 4), false),
                Field.of("ratio", 40, 8, FieldType.FLOAT, false),
                Field.of("temp", 48, 4, FieldType.FLOAT, true),
                Field.of("day", 52, 4, FieldType.DATE, true).withNullBit(4, 5),
                Field.of("at", 56, 8, FieldType.TIMESTAMP, false),
                Field.of("ok", 64, 1, FieldType.BOOL, true),
                new Field("hot", 65, 1, false, true, 3, 1, false, 0, FieldType.BOOL, Field.NO_NULL_BIT),
                Field.of("code", 66, 6, FieldType.chars(true), true),
                Field.of("name", 72, 10, FieldType.chars(false), true).withNullBit(4, 4),
                Field.unsigned("level", 82, 1).withNullValue(255),
                Field.unsigned("serial", 84, 8).withNullValue(-1)));
    }

    @Test
    void textDeclaresEveryTypeNullBitsAndNullValues() {
        assertEquals(orders(), LayoutDdl.parse("orders", ORDERS, 96, "option layout"));
        assertEquals(92, LayoutDdl.parse("orders", ORDERS, 0, "option layout").recordSize(), "up to serial's end");
        assertEquals(41, LayoutDdl.parse("line", "id i64 le @0, price decimal(12,2) le @8 nullable @40.0, "
                + "ship date le @16 nullable @40.1, at timestamp le @20, ratio f64 le @28, ok bool @36, flag char(1) @37, "
                + "mode char(2) zero @38", 0, "docs/spark.md").recordSize(), "up to the null bits' byte");
    }

    @Test
    void formatWritesTypedFieldsAsParseReadsThem() {
        Layout orders = orders();
        String text = LayoutDdl.format(orders);
        assertEquals(ORDERS, text);
        assertEquals(orders, LayoutDdl.parse("orders", text, 96, "test"));
    }

    @Test
    void jsonDeclaresTypedFields() {
        String json = """
                {"name": "orders", "recordSize": 96, "fields": [
                  {"name": "id", "type": "i32", "order": "le", "offset": 0},
                  {"name": "flags", "type": "u8", "offset": 4, "bits": "0..2"},
                  {"name": "price", "type": "decimal(12,2)", "order": "le", "offset": 8, "nullable": {"byte": 4, "bit": 7}},
                  {"name": "qty", "type": "decimal(5,2)/8", "offset": 16, "nullable": {"byte": 4, "bit": 6}},
                  {"name": "big", "type": "decimal(30, 4)", "order": "le", "offset": 24},
                  {"name": "ratio", "type": "f64", "order": "le", "offset": 40},
                  {"name": "temp", "type": "f32", "offset": 48},
                  {"name": "day", "type": "date", "offset": 52, "nullable": {"byte": 4, "bit": 5}},
                  {"name": "at", "type": "timestamp", "order": "le", "offset": 56},
                  {"name": "ok", "type": "bool", "offset": 64},
                  {"name": "hot", "type": "bool", "offset": 65, "bits": "3..3"},
                  {"name": "code", "type": "char(6)", "pad": "zero", "offset": 66},
                  {"name": "name", "type": "char(10)", "pad": "space", "offset": 72, "nullable": {"byte": 4, "bit": 4}},
                  {"name": "level", "type": "u8", "offset": 82, "nullable": {"value": 255}},
                  {"name": "serial", "type": "u64", "offset": 84, "nullable": {"value": 18446744073709551615}}]}""";
        assertEquals(orders(), LayoutJson.parse(json, 0, "orders.json"));
    }

    @Test
    void aNullBitMayShareAByteWithABitRangeButNotItsBits() {
        // big-endian u16: value bits 0..3 are in its second byte, byte 0 holds bits 8..15
        assertTrue(LayoutDdl.parse("s", "flags u16 @0 bits 0..3, x u8 @2 nullable @0.2", 0, "t").fields().get(1)
                .hasNullBit());
        IllegalArgumentException be = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parse("s", "flags u16 @0 bits 0..3, x u8 @2 nullable @1.2", 0, "t"));
        assertEquals("t: layout s: field x: null bit @1.2 lies inside field flags", be.getMessage());
        IllegalArgumentException le = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parse("s", "flags u16 le @0 bits 0..3, x u8 @2 nullable @0.2", 0, "t"));
        assertEquals("t: layout s: field x: null bit @0.2 lies inside field flags", le.getMessage());
        assertEquals(2, LayoutDdl.parse("s", "flags u16 le @0 bits 0..3, x u8 @2 nullable @0.4, y u8 @3 nullable @0.4",
                0, "t").fields().stream().filter(Field::hasNullBit).count(), "two fields may share a null bit");
    }

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
        "p decimal(20,2)/8 @0          | option layout: field p: decimal(20,2) does not fit 8 bytes, which hold at most 18 digits",
        "p decimal(10,2)/4 @0          | option layout: field p: decimal(10,2) does not fit 4 bytes, which hold at most 9 digits",
        "p decimal(39,2) @0            | option layout: field p: decimal(39,2) needs a precision of 1-38",
        "p decimal(5,6) @0             | option layout: field p: decimal(5,6) needs a precision of 1-38 and a scale of 0",
        "p decimal(5,2)/2 @0           | option layout: field p: a decimal is stored in 4, 8 or 16 bytes, got 2",
        "p decimal(5,2) @0 nullable @2.0 | option layout: layout custom: field p: null bit @2.0 lies inside the field itself",
        "f u8 @0 bits 0..3, p decimal(5,2) @1 nullable @0.2 | option layout: layout custom: field p: null bit @0.2 lies inside field f",
        "p decimal(5,2) @0 nullable @8.0 | option layout: layout custom: field p: null bit @8.0 lies past the 8-byte record",
        "p decimal(5,2) @0 nullable @4.8 | option layout: field p: null bit @4.8 is not a byte offset and a bit 0-7",
        "p decimal(5,2) @0 nullable @4 | option layout: field p: null bit '@4' is not @BYTE.BIT",
        "r f64 @0 nullable = 0         | option layout: field r: a f64 has no raw null value: give it a null bit",
        "c char(4) @0 nullable = 32    | option layout: field c: a char(4) has no raw null value",
        "r f64 @0 bits 0..3            | option layout: field r: only integers and bools take a bit range, not f64",
        "b bool @0 bits 0..1           | option layout: field b: a bool is a whole byte or one bit, got 2 bits",
        "c char(6) le @0               | option layout: field c: 'le' does not apply to a char(6)",
        "n u8 zero @0                  | option layout: field n: 'zero' does not apply to a u8",
        "b bool le @0                  | option layout: field b: 'le' does not apply to a bool",
        "c char(0) @0                  | option layout: field c: char(n) takes 1-65535 bytes, got 0",
        "c char(65536) @0              | option layout: field c: char(n) takes 1-65535 bytes, got 65536",
        "x f16 @0                      | option layout: field x: type 'f16' is not u8, u16, ... u64 or i8 ... i64, f32, f64, decimal(P,S), date, timestamp, bool or char(N)",
        "l u8 @0 nullable = 256        | option layout: field l: null value 256 is outside its range",
        "l u8 @0 nullable = x          | option layout: field l: null value 'x' is not a whole number [0, 255]",
        "t timestamp @4                | option layout: layout custom: field t ends at byte 12, past the 8-byte record",
    })
    void badTextNamesTheField(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parse(Layouts.CUSTOM, text, 8, "option layout"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"fields\": [{\"name\": \"a\", \"type\": \"f16\", \"offset\": 0}]}  | l.json: field a: type 'f16' is not",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\"}]}                 | l.json: field a needs a name, a type and an offset",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": -1}]} | l.json: field a: offset must not be negative",
        "{\"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": \"x\"}]} | l.json: field a offset must be a whole number",
        "{\"recordSize\": 4, \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]} | l.json has records of 4 bytes, but the entry size given is 8",
        "{\"fields\": []}                                                  | l.json: a layout is an object with an array of \"fields\"",
        "{\"fields\": [{\"name\": \"c\", \"type\": \"char(4)\", \"pad\": \"zero\", \"order\": \"le\", \"offset\": 0}]} | l.json: field c has both an order (numbers) and a pad (strings)",
        "{\"fields\": [{\"name\": \"c\", \"type\": \"u8\", \"offset\": 0, \"nullable\": true}]} | l.json: field c nullable is {\"byte\": B, \"bit\": N} (a null bit) or {\"value\": V}",
        "{\"fields\": [{\"name\": \"c\", \"type\": \"u8\", \"offset\": 0, \"nullable\": {\"value\": 1.5}}]} | l.json: field c null value must be a whole number, got 1.5",
        "{\"fields\": [{\"name\": \"d\", \"type\": \"decimal(5,2)\", \"offset\": 0, \"nullable\": {\"byte\": 1, \"bit\": 0}}]} | l.json: layout custom: field d: null bit @1.0 lies inside the field itself",
        "{fields                                                           | l.json is not JSON",
    })
    void badJsonNamesTheField(String json, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LayoutJson.parse(json, 8, "l.json"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void storedLayoutsRoundTripThroughTextAndJson() {
        for (String text : List.of(ORDERS + ", blocked 4096", SENSOR + ", blocked 1", ORDERS)) {
            StoredLayout stored = LayoutDdl.parseStored("orders", text, 0, "test");
            StoredLayout again = LayoutDdl.parseStored("orders", LayoutDdl.format(stored), 0, "test");
            assertEquals(stored, again, "text -> layout -> text -> layout");
            assertEquals(LayoutDdl.format(stored), LayoutDdl.format(again), "text -> layout -> text");
            assertEquals(stored, LayoutJson.parseStored(LayoutJson.format(stored), 0, "test"), "layout -> JSON -> layout");
        }
        StoredLayout blocked = LayoutDdl.parseStored("orders", ORDERS + ", blocked 4096", 96, "test");
        assertEquals(new StoredLayout(orders(), 4096), blocked);
        assertEquals(4096, blocked.blocks().orElseThrow().recordsPerBlock());
        assertEquals(StoredLayout.rows(orders()), LayoutDdl.parseStored("orders", ORDERS, 96, "test"));
        assertEquals(blocked, LayoutJson.parseStored(LayoutJson.format(blocked), 96, "test"));
        assertTrue(LayoutJson.format(blocked).endsWith(",\"block\":4096}"), LayoutJson.format(blocked));
        // a field named blocked is a field, not the clause
        assertEquals(List.of("id", "blocked"), LayoutDdl.parseStored("s", "id u8 @0, blocked u8 @1", 0, "test")
                .layout().fields().stream().map(Field::name).toList());
        assertEquals(new StoredLayout(Layout.worldCup98(64), 1000),
                Layouts.storedFromText("worldcup98, blocked 1000", 64, "--layout"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "id u32 @0, blocked 0                  | option layout: blocked '0' is not a positive whole number of records",
        "id u32 @0, blocked x                  | option layout: blocked 'x' is not a positive whole number of records",
        "id u32 @0, blocked -5                 | option layout: blocked '-5' is not a positive whole number of records",
        "blocked 4, id u32 @0                  | option layout: 'blocked 4' must follow the last field",
        "id u32 @0, blocked 4, t u8 @4         | option layout: 'blocked 4' must follow the last field",
        "blocked 4                             | option layout: 'blocked 4' must follow the last field",
        "id u32 @0, blocked 4 5                | option layout: field 'blocked 4 5' is not NAME TYPE",
        "f u8 @0 bits 0..3, g u16 @0, blocked 4 | option layout: layout custom: fields f and g overlap in part",
        "id u32 @0, blocked 300000000          | option layout: layout custom: a block of 300000000 records of 8 bytes passes 2 GiB",
    })
    void badBlockedClauseNamesItsPlace(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parseStored(Layouts.CUSTOM, text, 8, "option layout"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"block\": 0, \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]}   | l.json: block must be a positive number of records, got 0",
        "{\"block\": \"x\", \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]} | l.json: block must be a whole number, got \"x\"",
        "{\"block\": 2.5, \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]} | l.json: block must be a whole number, got 2.5",
        "{\"block\": 4, \"fields\": [{\"name\": \"f\", \"type\": \"u8\", \"offset\": 0, \"bits\": \"0..3\"}, {\"name\": \"g\", \"type\": \"u16\", \"offset\": 0}]} | l.json: layout custom: fields f and g overlap in part",
    })
    void badJsonBlockNamesItsPlace(String json, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LayoutJson.parseStored(json, 8, "l.json"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void aFieldsOnlyReaderRefusesTheBlockedForms() {
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class,
                () -> LayoutDdl.parse("s", SENSOR + ", blocked 4", 0, "--layout"));
        assertEquals("--layout: 'blocked 4' says how a table's files store their records; only the fields of a layout "
                + "are read here", text.getMessage());
        IllegalArgumentException json = assertThrows(IllegalArgumentException.class, () -> LayoutJson.parse(
                "{\"block\": 4, \"fields\": [{\"name\": \"a\", \"type\": \"u8\", \"offset\": 0}]}", 0, "l.json"));
        assertEquals("l.json: \"block\" says how a table's files store their records; only the fields of a layout are "
                + "read here", json.getMessage());
    }
}

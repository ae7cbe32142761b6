package dev.ispd.examples.worldcup.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Common Log Format through the importer: test resource worldcup/clf-sample.log holds nine good
 * lines (plain, combined, HTTP/0.9, an escaped quote, an unnamed method and protocol, '-' fields)
 * and eleven malformed ones between them.
 */
class ClfImportTest {
    private static final int UNKNOWN_SERVER = WorldCup98.server(WorldCup98.UNKNOWN_REGION, 0);
    private static ImportReport report;
    private static ByteBuffer records;

    @BeforeAll
    static void importResource() throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                ClfImportTest.class.getResourceAsStream("/worldcup/clf-sample.log"), StandardCharsets.ISO_8859_1))) {
            Imported log = Imported.lines(new WorldCupImporter(ImportFormat.CLF), in, "clf-sample.log");
            report = log.report();
            records = log.buffer();
        }
    }

    @Test
    void goodLinesBecomeRecordsAndBadOnesAreCountedWithTheirReasons() {
        assertEquals(20, report.lines());
        assertEquals(9, report.records());
        assertEquals(9 * WorldCup98.RECORD_SIZE, records.capacity());
        assertEquals(11, report.rejected());
        assertEquals(List.of(
                "line 9: timestamp: no [timestamp] after host, ident and authuser: ' \"GET / HTTP/1.0\" 200 1'",
                "line 10: timestamp: not a date dd/MMM/yyyy: '31/Apr/1998'",
                "line 11: timestamp: not a date dd/MMM/yyyy: '01/Mai/1998'",
                "line 12: timestamp: not a zone +hhmm: '+2500'",
                "line 13: request: not METHOD URL PROTOCOL: '-'",
                "line 14: request: no closing quote: 'GET /unterminated HTTP/1.0 200 1'",
                "line 15: status: not a number in [0, 999]: 'OK'",
                "line 16: bytes: missing after the status",
                "line 17: host: no host followed by a space: ''",
                "line 18: request: no quoted request after the timestamp: ' GET / HTTP/1.0 200 1'"),
                report.firstRejects().stream().map(ImportReport.Reject::toString).toList());
        assertEquals(ImportReport.REASONS_KEPT, report.firstRejects().size()); // line 19's reason is only counted
    }

    @Test
    void everyFieldOfTheGoodLines() {
        long t0 = OffsetDateTime.parse("1998-04-30T22:46:12Z").toEpochSecond();
        List<WorldCupEntry> expected = List.of(
                entry(t0, 0, 0, 508, 0, 1, 200, FileTypes.IMAGE),
                // +0200: the same instant as line 1; HEAD, HTTP/1.1, bytes '-'
                entry(t0, 1, 1, 0, 1, 2, 304, FileTypes.HTML),
                entry(OffsetDateTime.parse("1998-05-01T10:00:00-07:00").toEpochSecond(), 0, 2, 0, 2, 1, 302,
                        FileTypes.DYNAMIC),
                // combined format, month in lower case
                entry(at("12:00:00"), 2, 3, 1500, 0, 2, 200, FileTypes.DIRECTORY),
                // HTTP/0.9 request line: no protocol
                entry(at("12:00:01"), 3, 4, 100, 0, 0, 200, FileTypes.HTML),
                // the escaped quote stays in the URL as written
                entry(at("12:00:02"), 0, 5, 0, 0, 1, 404, FileTypes.TEXT),
                // PROPFIND is method "other", HTTP/2.0 version "other", 207 has no index of its own
                entry(at("12:00:03"), 0, 6, 10, 8, 3, 207, FileTypes.DIRECTORY),
                // status and bytes '-'; line 1's URL again
                entry(at("12:00:04"), 0, 0, 0, 0, 1, -1, FileTypes.IMAGE),
                entry(at("23:59:59"), 1, 1, 2048, 0, 1, 200, FileTypes.HTML));
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), WorldCupEntry.read(records, i * WorldCup98.RECORD_SIZE), "record " + i);
        }
        assertEquals(7, report.objects());
        assertEquals(4, report.hosts());
    }

    @Test
    void fieldsTheLinesDidNotGiveAreCounted() {
        assertEquals(9, report.filled(Filled.REGION));
        assertEquals(9, report.filled(Filled.SERVER));
        assertEquals(0, report.filled(Filled.METHOD));
        assertEquals(0, report.filled(Filled.HTTP_VERSION));
        assertEquals(1, report.filled(Filled.HTTP_09));
        assertEquals(1, report.filled(Filled.STATUS));
        assertEquals(3, report.filled(Filled.SIZE));
    }

    private static long at(String time) {
        return OffsetDateTime.parse("1998-05-01T" + time + "Z").toEpochSecond();
    }

    /** status -1 stands for '-' (index 37). */
    private static WorldCupEntry entry(long timestamp, long clientId, long objectId, long size, int method,
            int httpVersion, int status, int type) {
        int index = status < 0 ? WorldCup98.OTHER_STATUS_INDEX : WorldCup98.statusIndexOf(status);
        return new WorldCupEntry(timestamp, clientId, objectId, size, method, WorldCup98.status(httpVersion, index),
                type, UNKNOWN_SERVER);
    }
}

package dev.ispd.examples.worldcup.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real sample (200,000 CSV lines of day 6) through the importer. */
class RealSampleImportTest {
    private static ImportReport report;
    private static byte[] records;

    @TempDir
    Path dir;

    @BeforeAll
    static void importSample() throws IOException {
        Imported sample = Imported.file(new WorldCupImporter(ImportFormat.CSV), RealSample.locate());
        report = sample.report();
        records = sample.records();
    }

    @Test
    void everyLineIsARecord() {
        assertEquals(RealSample.LINES, report.lines());
        assertEquals(RealSample.LINES, report.records());
        assertEquals(0, report.rejected());
        assertEquals(RealSample.LINES * WorldCup98.RECORD_SIZE, records.length);
        assertEquals(2_731, report.objects());
        assertTrue(report.source().endsWith(RealSample.FILE + "!wc_day6_1_sample.csv"), report.source());
    }

    @Test
    void whatTheCsvDoesNotGiveIsReportedForEveryRecord() {
        for (Filled always : new Filled[] {Filled.REGION, Filled.SERVER, Filled.METHOD, Filled.HTTP_VERSION}) {
            assertEquals(RealSample.LINES, report.filled(always), always.name());
        }
        assertEquals(3, report.filled(Filled.STATUS)); // lines 13412, 100319, 192041 have status '-'
        assertEquals(8_667, report.filled(Filled.SIZE));
        assertEquals(0, report.filled(Filled.HTTP_09));
        String text = report.describe();
        assertTrue(text.contains("region: not in the input; recorded 7 (unknown) in 200,000 records"), text);
        assertTrue(text.contains("size: '-' in the input; recorded 0 in 8,667 records"), text);
    }

    @Test
    void typeMixIsDominatedByImagesAndMatchesTheRecords() {
        long[] fromRecords = new long[WorldCup98.LAST_NAMED_TYPE + 1];
        ByteBuffer buf = ByteBuffer.wrap(records);
        for (int at = 0; at < records.length; at += WorldCup98.RECORD_SIZE) {
            fromRecords[WorldCup98.type(buf, at)]++;
        }
        long[] reported = new long[fromRecords.length];
        for (int t = 0; t < reported.length; t++) {
            reported[t] = report.type(t);
        }
        assertArrayEquals(fromRecords, reported);
        assertEquals(175_496, report.type(FileTypes.IMAGE)); // 88% of requests
        assertEquals(18_835, report.type(FileTypes.HTML));
        assertEquals(202, report.type(FileTypes.DYNAMIC)); // the lines with '?'
        for (int t = 0; t < reported.length; t++) {
            assertTrue(t == FileTypes.IMAGE || reported[t] < reported[FileTypes.IMAGE] / 9, WorldCup98.typeName(t));
        }
    }

    @Test
    void knownLinesDecodeFieldByField() {
        // line 1: 1044,30/Apr/1998,22:46:12,/images/11104.gif,200,508
        assertEquals(entry(1, "1998-04-30T22:46:12", 1044, 0, 508, 200, FileTypes.IMAGE), record(1));
        // line 5: 12128,01/May/1998,13:30:21,/english/images/nav_sitemap_off.gif,304,- (the fifth distinct URL)
        assertEquals(entry(5, "1998-05-01T13:30:21", 12128, 4, 0, 304, FileTypes.IMAGE), record(5));
        // line 191 requests line 1's URL again: the same objectID
        assertEquals(entry(191, "1998-05-01T18:42:02", 13642, 0, 508, 200, FileTypes.IMAGE), record(191));
        // line 490: 10831,01/May/1998,12:17:08,/cgi-bin/trivia/Trivia.pl?ENG,200,6308
        assertEquals(entry(490, "1998-05-01T12:17:08", 10831, 255, 6308, 200, FileTypes.DYNAMIC), record(490));
        // line 13412: 5872,01/May/1998,05:33:04,/english/individuals/player115188"/,-,0 (status '-': index 37)
        assertEquals(entry(13412, "1998-05-01T05:33:04", 5872, 1262, 0, -1, FileTypes.DIRECTORY), record(13412));
        // line 160002: a URL with bytes above 127, kept byte for byte as a distinct object
        assertEquals(entry(160002, "1998-05-01T16:47:28", 15848, 2594, 305, 404, FileTypes.DIRECTORY),
                record(160002));
    }

    @Test
    void objectIdsAreTheSameOnEveryRunAndFromAPlainGzipCopy() throws IOException {
        Path gz = dir.resolve("wc_day6_1_sample.csv.gz");
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new BZip2CompressorInputStream(
                new BufferedInputStream(Files.newInputStream(RealSample.locate()))));
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            tar.getNextEntry();
            tar.transferTo(out);
        }
        assertArrayEquals(records, Imported.file(new WorldCupImporter(ImportFormat.CSV), gz).records());
    }

    @Test
    void aZoneShiftsEveryTimestampByItsOffset() throws IOException {
        String line = "1044,30/Apr/1998,22:46:12,/images/11104.gif,200,508\n";
        long gmt = importOne(line, ZoneOffset.UTC);
        assertEquals(gmt - 7200, importOne(line, ZoneId.of("Europe/Paris"))); // CEST, GMT+2, in April 1998
        assertEquals(gmt + 5 * 3600, importOne(line, ZoneOffset.ofHours(-5)));
    }

    private static long importOne(String line, ZoneId zone) throws IOException {
        return WorldCup98.timestamp(Imported.text(new WorldCupImporter(ImportFormat.CSV, zone), line).buffer(), 0);
    }

    private static WorldCupEntry record(int line) {
        return WorldCupEntry.read(ByteBuffer.wrap(records), (line - 1) * WorldCup98.RECORD_SIZE);
    }

    /** What line {@code line} must become: method and HTTP version "other", region unknown, server 0; status -1 means '-'. */
    private static WorldCupEntry entry(int line, String gmt, long clientId, long objectId, long size, int status,
            int type) {
        int statusIndex = status < 0 ? WorldCup98.OTHER_STATUS_INDEX : WorldCup98.statusIndexOf(status);
        return new WorldCupEntry(LocalDateTime.parse(gmt).toEpochSecond(ZoneOffset.UTC), clientId, objectId, size, 8,
                WorldCup98.status(3, statusIndex), type, WorldCup98.server(WorldCup98.UNKNOWN_REGION, 0));
    }
}

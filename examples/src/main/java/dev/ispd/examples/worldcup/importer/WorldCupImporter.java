package dev.ispd.examples.worldcup.importer;

import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.worldcup.WorldCup98;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Turns a text log (the real sample's CSV, or Common Log Format) into 20-byte WorldCup98 records
 * (docs/import.md). objectIDs number distinct URLs in order of first appearance; Common Log
 * Format hosts are numbered the same way as clientIDs. The file type comes from the URL by
 * {@link FileTypes}. The region is recorded as {@link WorldCup98#UNKNOWN_REGION} and the server
 * number as 0, since neither format names the server; the {@link ImportReport} lists these and
 * every other field filled in. Lines that cannot be records are counted and skipped.
 */
public final class WorldCupImporter {
    private static final int SERVER = WorldCup98.server(WorldCup98.UNKNOWN_REGION, 0);

    private final ImportFormat format;
    private final ZoneId csvZone;

    /** @param csvZone the zone CSV dates and times are in (the CSV names none); unused for CLF */
    public WorldCupImporter(ImportFormat format, ZoneId csvZone) {
        this.format = format;
        this.csvZone = csvZone;
    }

    /** An importer of {@code format} reading CSV times as GMT. */
    public WorldCupImporter(ImportFormat format) {
        this(format, ZoneOffset.UTC);
    }

    /**
     * Imports {@code input} (plain, gzip, bzip2, or a tar of one file in those) into records
     * written to {@code out}, a writer of 20-byte entries, left open. A file that cannot be read
     * is an error naming it.
     */
    public ImportReport importFile(Path input, WorldCupLogWriter out) throws IOException {
        try (ImportInput in = ImportInput.open(input)) {
            ImportReport report = importLines(in.lines(), in.name(), out);
            in.checkNothingLeft();
            return report;
        }
    }

    /** Imports the lines of {@code lines} into {@code out}; {@code source} names them in messages. */
    public ImportReport importLines(BufferedReader lines, String source, WorldCupLogWriter out) throws IOException {
        ImportReport report = new ImportReport(source, format);
        LineParser parser = format.parser(csvZone);
        ParsedLine parsed = new ParsedLine();
        ObjectTable objects = new ObjectTable();
        IdTable hosts = new IdTable();
        ByteBuffer record = ByteBuffer.allocate(WorldCup98.RECORD_SIZE);
        long number = 0;
        String line;
        while ((line = readLine(lines, source, number + 1)) != null) {
            number++;
            try {
                parser.parse(line, parsed);
            } catch (LineRejected why) {
                report.rejected(number, why);
                continue;
            }
            int objectId = objects.idOf(parsed.url);
            int type = objects.type(objectId);
            long clientId = parsed.host != null ? hosts.idOf(parsed.host) : parsed.clientId;
            parsed.filled[Filled.REGION.ordinal()] = true;
            parsed.filled[Filled.SERVER.ordinal()] = true;
            record.clear().putInt(WorldCup98.TIMESTAMP_OFFSET, (int) parsed.timestamp)
                    .putInt(WorldCup98.CLIENT_ID_OFFSET, (int) clientId)
                    .putInt(WorldCup98.OBJECT_ID_OFFSET, objectId)
                    .putInt(WorldCup98.SIZE_OFFSET, (int) parsed.size)
                    .put(WorldCup98.METHOD_OFFSET, (byte) parsed.method)
                    .put(WorldCup98.STATUS_OFFSET, (byte) WorldCup98.status(parsed.httpVersion, parsed.statusIndex))
                    .put(WorldCup98.TYPE_OFFSET, (byte) type)
                    .put(WorldCup98.SERVER_OFFSET, (byte) SERVER);
            out.write(record);
            report.recorded(parsed, type);
        }
        report.finished(number, objects.size(), hosts.size());
        return report;
    }

    /** The next line; a read failure (a corrupt compressed stream) names the input and the line. */
    private static String readLine(BufferedReader lines, String source, long number) throws IOException {
        try {
            return lines.readLine();
        } catch (IOException e) {
            throw ImportInput.unreadable(source + " line " + number, e);
        }
    }
}

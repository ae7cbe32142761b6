package dev.ispd.hadoop.mapreduce;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * The real WorldCup98 sample (200,000 requests of day 6 as CSV: clientID,date,time,URL,status,size)
 * turned into 20-byte records, for tests only; the research workbench has the real importer.
 * What the CSV gives is converted: objectIDs per distinct URL in order of first appearance, the
 * file type from the URL by /work/shared/worldcup98-format.md's rules, the status code's index
 * ('-' = index 37, any other code), the size ('-' = 0), the time (read as GMT: the CSV does not
 * name its zone). What it does NOT give is filled with a fixed choice, so only queries over the
 * real fields mean anything: method GET, HTTP version 1.0, region 0 (Santa Clara) and server 0
 * for every request. Q2 by type is therefore real; Q1 sees one region.
 */
final class WorldCupSample {
    static final String FILE = "wc_day6_1_sample.tar.bz2";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy HH:mm:ss", Locale.ROOT);

    /** One CSV request: the fields this importer uses. */
    record Request(long clientId, long timestamp, String url, int status, long size) {
    }

    private WorldCupSample() {
    }

    /** The sample in ../shared/data/worldcup98 beside the repository root (the module's parent). */
    static Path locate() {
        Path root = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        if (!Files.exists(root.resolve("hadoop-ext"))) {
            root = root.getParent();
        }
        Path sample = root.resolveSibling("shared").resolve("data/worldcup98").resolve(FILE);
        if (!Files.isReadable(sample)) {
            throw new IllegalStateException("the WorldCup98 sample is not at " + sample
                    + " (expected ../shared/data/worldcup98 beside the repository root)");
        }
        return sample;
    }

    /** Every request of the CSV in the tar.bz2, in file order. */
    static List<Request> read(Path tarBz2) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new BZip2CompressorInputStream(
                new BufferedInputStream(Files.newInputStream(tarBz2), 1 << 16)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                if (entry.getName().endsWith(".csv")) {
                    return parse(new BufferedReader(new InputStreamReader(tar, StandardCharsets.ISO_8859_1)),
                            entry.getName());
                }
            }
        }
        throw new IOException(tarBz2 + " holds no .csv file");
    }

    private static List<Request> parse(BufferedReader in, String name) throws IOException {
        List<Request> out = new ArrayList<>();
        String line;
        int n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            // clientID,date,time come first and status,size last; the URL in between may hold commas
            String[] head = line.split(",", 4);
            int sizeComma = line.lastIndexOf(',');
            int statusComma = line.lastIndexOf(',', sizeComma - 1);
            if (head.length < 4 || statusComma <= head[0].length() + head[1].length() + head[2].length() + 2) {
                throw new IOException(name + " line " + n + ": not clientID,date,time,URL,status,size: " + line);
            }
            int urlStart = head[0].length() + head[1].length() + head[2].length() + 3;
            String size = line.substring(sizeComma + 1);
            long timestamp = LocalDateTime.parse(head[1] + " " + head[2], TIME).toEpochSecond(ZoneOffset.UTC);
            out.add(new Request(Long.parseLong(head[0]), timestamp, line.substring(urlStart, statusComma),
                    number(line.substring(statusComma + 1, sizeComma), -1), number(size, 0)));
        }
        return out;
    }

    /** A CSV number, or {@code missing} for '-'. */
    private static int number(String field, int missing) {
        return field.equals("-") ? missing : Integer.parseInt(field);
    }

    /** The file type of a URL by the format document's rules. */
    static int type(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (u.indexOf('?') >= 0) {
            return 6; // DYNAMIC
        }
        if (u.endsWith("/")) {
            return 10; // DIRECTORY
        }
        String last = u.substring(u.lastIndexOf('/') + 1);
        int dot = last.lastIndexOf('.');
        return switch (dot < 0 ? "" : last.substring(dot + 1)) {
            case "html", "htm" -> 0;
            case "gif", "jpg", "jpeg", "xbm", "bmp" -> 1;
            case "au", "wav", "mp3" -> 2;
            case "mov", "mpg", "avi" -> 3;
            case "class" -> 4;
            case "pdf", "ps", "doc" -> 5;
            case "txt" -> 7;
            case "zip", "gz", "z", "tar" -> 8;
            case "exe" -> 9;
            default -> 12;
        };
    }

    /** The requests as 20-byte records (see the class comment for the fixed choices). */
    static byte[] records(List<Request> requests) {
        ByteBuffer buf = ByteBuffer.allocate(requests.size() * WorldCup98.RECORD_SIZE);
        Map<String, Integer> objectIds = new HashMap<>();
        int status10 = 1; // HTTP/1.0: the CSV has no version
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            int objectId = objectIds.computeIfAbsent(r.url(), u -> objectIds.size());
            new WorldCupEntry(r.timestamp(), r.clientId(), objectId, r.size(), 0,
                    WorldCup98.status(status10, WorldCup98.statusIndexOf(r.status())), type(r.url()),
                    WorldCup98.server(0, 0)).writeTo(buf, i * WorldCup98.RECORD_SIZE, WorldCup98.RECORD_SIZE);
        }
        return buf.array();
    }
}

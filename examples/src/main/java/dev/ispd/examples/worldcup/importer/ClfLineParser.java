package dev.ispd.examples.worldcup.importer;

import dev.ispd.worldcup.WorldCup98;

/**
 * Common Log Format, {@code host ident authuser [dd/MMM/yyyy:HH:mm:ss +zone] "METHOD URL PROTOCOL"
 * status bytes}, e.g. {@code 192.0.2.1 - - [30/Apr/1998:22:46:12 +0000] "GET /index.html HTTP/1.0" 200 508};
 * the combined format's trailing fields (referer, user agent) are ignored. The request is the
 * quoted text up to the first '"' not escaped by a backslash; a request line without a protocol
 * is the HTTP/0.9 form. The host is kept as text; the importer numbers hosts.
 */
final class ClfLineParser implements LineParser {
    private static final int METHOD_OTHER = 8;
    private static final String[] PROTOCOLS = {"HTTP/0.9", "HTTP/1.0", "HTTP/1.1"};
    private static final int HTTP_VERSION_OTHER = 3;
    // "dd/MMM/yyyy:HH:mm:ss +zone"
    private static final int TIMESTAMP_LENGTH = LogTime.DATE_LENGTH + 1 + LogTime.TIME_LENGTH + 1 + LogTime.ZONE_LENGTH;

    @Override
    public void parse(String line, ParsedLine out) throws LineRejected {
        out.clearFilled();
        int hostEnd = line.indexOf(' ');
        if (hostEnd <= 0) {
            throw LineRejected.of("host", "no host followed by a space", line, 0, line.length());
        }
        out.host = line.substring(0, hostEnd);
        int open = line.indexOf('[', hostEnd);
        int close = open < 0 ? -1 : line.indexOf(']', open);
        if (close < 0) {
            throw LineRejected.of("timestamp", "no [timestamp] after host, ident and authuser", line, hostEnd,
                    line.length());
        }
        timestamp(line, open + 1, close, out);
        int request = close + 3;
        if (!line.startsWith(" \"", close + 1)) {
            throw LineRejected.of("request", "no quoted request after the timestamp", line, close + 1, line.length());
        }
        int requestEnd = closingQuote(line, request);
        if (requestEnd < 0) {
            throw LineRejected.of("request", "no closing quote", line, request, line.length());
        }
        request(line, request, requestEnd, out);
        int status = requestEnd + 2;
        if (!line.startsWith(" ", requestEnd + 1) || status >= line.length()) {
            throw new LineRejected("status", "missing after the request");
        }
        int statusEnd = tokenEnd(line, status);
        if (statusEnd >= line.length()) {
            throw new LineRejected("bytes", "missing after the status");
        }
        status(line, status, statusEnd, out);
        size(line, statusEnd + 1, tokenEnd(line, statusEnd + 1), out);
    }

    private static void timestamp(String line, int start, int end, ParsedLine out) throws LineRejected {
        int time = start + LogTime.DATE_LENGTH + 1;
        int zone = time + LogTime.TIME_LENGTH + 1;
        if (end - start != TIMESTAMP_LENGTH || line.charAt(time - 1) != ':' || line.charAt(zone - 1) != ' ') {
            throw LineRejected.of("timestamp", "not dd/MMM/yyyy:HH:mm:ss +zone", line, start, end);
        }
        long local = LogTime.epochDay(line, start, "timestamp") * 86_400 + LogTime.secondOfDay(line, time, "timestamp");
        out.timestamp = local - LogTime.offsetSeconds(line, zone, "timestamp");
        if (out.timestamp < 0 || out.timestamp > Fields.U32_MAX) {
            throw LineRejected.of("timestamp", "outside the record's range 1970-2106", line, start, end);
        }
    }

    /** "METHOD URL [PROTOCOL]" in {@code line[start, end)}. */
    private static void request(String line, int start, int end, ParsedLine out) throws LineRejected {
        int methodEnd = line.indexOf(' ', start);
        if (methodEnd < 0 || methodEnd >= end) {
            throw LineRejected.of("request", "not METHOD URL PROTOCOL", line, start, end);
        }
        out.method = method(line, start, methodEnd);
        int urlStart = methodEnd + 1;
        int lastSpace = line.lastIndexOf(' ', end - 1);
        int version = lastSpace > methodEnd ? protocol(line, lastSpace + 1, end) : -1;
        int urlEnd = version >= 0 ? lastSpace : end;
        if (version < 0) {
            version = 0;
            out.filled[Filled.HTTP_09.ordinal()] = true;
        }
        out.httpVersion = version;
        if (urlEnd == urlStart) {
            throw LineRejected.of("request", "no URL", line, start, end);
        }
        out.url = line.substring(urlStart, urlEnd);
    }

    /** 0..7 for the methods the record names, 8 (other) for any other token. */
    private static int method(String line, int start, int end) {
        for (int m = 0; m < METHOD_OTHER; m++) {
            String name = WorldCup98.methodName(m);
            if (name.length() == end - start && line.startsWith(name, start)) {
                return m;
            }
        }
        return METHOD_OTHER;
    }

    /** 0..2 for HTTP/0.9, 1.0, 1.1; 3 (other) for another HTTP/ version; -1 if the token is no protocol. */
    private static int protocol(String line, int start, int end) {
        for (int v = 0; v < PROTOCOLS.length; v++) {
            if (PROTOCOLS[v].length() == end - start && line.regionMatches(true, start, PROTOCOLS[v], 0, end - start)) {
                return v;
            }
        }
        return line.regionMatches(true, start, "HTTP/", 0, 5) ? HTTP_VERSION_OTHER : -1;
    }

    private static void status(String line, int start, int end, ParsedLine out) throws LineRejected {
        if (Fields.isDash(line, start, end)) {
            out.statusIndex = WorldCup98.OTHER_STATUS_INDEX;
            out.filled[Filled.STATUS.ordinal()] = true;
        } else {
            out.statusIndex = WorldCup98.statusIndexOf((int) Fields.require(line, start, end, 999, "status"));
        }
    }

    private static void size(String line, int start, int end, ParsedLine out) throws LineRejected {
        if (Fields.isDash(line, start, end)) {
            out.size = 0;
            out.filled[Filled.SIZE.ordinal()] = true;
        } else {
            out.size = Fields.require(line, start, end, Fields.U32_MAX, "bytes");
        }
    }

    /** Index of the first '"' from {@code from} on that no backslash escapes, or -1. */
    private static int closingQuote(String line, int from) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static int tokenEnd(String line, int from) {
        int space = line.indexOf(' ', from);
        return space < 0 ? line.length() : space;
    }
}

package dev.ispd.examples.worldcup.importer;

import dev.ispd.worldcup.WorldCup98;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneRules;

/**
 * The real sample's CSV: {@code clientID,date,time,URL,status,size}, e.g.
 * {@code 1044,30/Apr/1998,22:46:12,/images/11104.gif,200,508}. The URL is everything between the
 * third comma and the second-to-last one, so a URL holding commas is read whole. Status and size
 * may be '-'. The CSV names no time zone: its times are read in the zone given (GMT by default);
 * a local time a daylight-saving change skips or repeats takes the offset in force before the change.
 * It has no method or HTTP version; those are recorded as "other".
 */
final class CsvLineParser implements LineParser {
    private static final int METHOD_OTHER = 8;
    private static final int HTTP_VERSION_OTHER = 3;

    private final ZoneRules zone;
    private final boolean fixedOffset;
    private final int offsetSeconds;

    CsvLineParser(ZoneId zone) {
        this.zone = zone.getRules();
        this.fixedOffset = this.zone.isFixedOffset();
        this.offsetSeconds = fixedOffset ? this.zone.getOffset(java.time.Instant.EPOCH).getTotalSeconds() : 0;
    }

    @Override
    public void parse(String line, ParsedLine out) throws LineRejected {
        out.clearFilled();
        out.host = null;
        int date = line.indexOf(',') + 1;
        int time = date == 0 ? 0 : line.indexOf(',', date) + 1;
        int url = time == 0 ? 0 : line.indexOf(',', time) + 1;
        int size = line.lastIndexOf(',') + 1;
        int status = size < 2 ? 0 : line.lastIndexOf(',', size - 2) + 1;
        if (url == 0 || status <= url) {
            throw LineRejected.of("line", "not clientID,date,time,URL,status,size", line, 0, line.length());
        }
        out.clientId = Fields.require(line, 0, date - 1, Fields.U32_MAX, "clientID");
        if (time - 1 - date != LogTime.DATE_LENGTH) {
            throw LineRejected.of("date", "not a date dd/MMM/yyyy", line, date, time - 1);
        }
        if (url - 1 - time != LogTime.TIME_LENGTH) {
            throw LineRejected.of("time", "not a time HH:mm:ss", line, time, url - 1);
        }
        long local = LogTime.epochDay(line, date, "date") * 86_400 + LogTime.secondOfDay(line, time, "time");
        out.timestamp = local - (fixedOffset ? offsetSeconds : offsetAt(local));
        if (out.timestamp < 0 || out.timestamp > Fields.U32_MAX) {
            throw LineRejected.of("date", "outside the record's range 1970-2106", line, date, url - 1);
        }
        if (status - 1 == url) {
            throw new LineRejected("URL", "empty");
        }
        out.url = line.substring(url, status - 1);
        if (Fields.isDash(line, status, size - 1)) {
            out.statusIndex = WorldCup98.OTHER_STATUS_INDEX;
            out.filled[Filled.STATUS.ordinal()] = true;
        } else {
            out.statusIndex = WorldCup98.statusIndexOf((int) Fields.require(line, status, size - 1, 999, "status"));
        }
        if (Fields.isDash(line, size, line.length())) {
            out.size = 0;
            out.filled[Filled.SIZE.ordinal()] = true;
        } else {
            out.size = Fields.require(line, size, line.length(), Fields.U32_MAX, "size");
        }
        out.method = METHOD_OTHER;
        out.filled[Filled.METHOD.ordinal()] = true;
        out.httpVersion = HTTP_VERSION_OTHER;
        out.filled[Filled.HTTP_VERSION.ordinal()] = true;
    }

    /** The zone's offset at a local time (seconds since 1970-01-01T00:00 local). */
    private int offsetAt(long localSeconds) {
        return zone.getOffset(LocalDateTime.ofEpochSecond(localSeconds, 0, ZoneOffset.UTC)).getTotalSeconds();
    }
}

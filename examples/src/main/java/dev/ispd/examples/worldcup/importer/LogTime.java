package dev.ispd.examples.worldcup.importer;

import java.time.Month;
import java.time.Year;

/**
 * The logs' time fields, read in place: the date {@code dd/MMM/yyyy} (English month
 * abbreviation, any case), the time of day {@code HH:mm:ss} and Common Log Format's zone
 * {@code +hhmm}.
 */
final class LogTime {
    static final int DATE_LENGTH = 11;
    static final int TIME_LENGTH = 8;
    static final int ZONE_LENGTH = 5;

    private static final String MONTHS = "janfebmaraprmayjunjulaugsepoctnovdec";

    private LogTime() {
    }

    /** Days since 1970-01-01 of the date at {@code s[start, start + 11)}. */
    static long epochDay(CharSequence s, int start, String field) throws LineRejected {
        int end = start + DATE_LENGTH;
        if (end > s.length() || s.charAt(start + 2) != '/' || s.charAt(start + 6) != '/') {
            throw LineRejected.of(field, "not a date dd/MMM/yyyy", s, start, Math.min(end, s.length()));
        }
        long day = Fields.number(s, start, start + 2, 31);
        int month = month(s, start + 3);
        long year = Fields.number(s, start + 7, end, 9999);
        if (day < 1 || month < 1 || year < 0 || day > Month.of(month).length(Year.isLeap(year))) {
            throw LineRejected.of(field, "not a date dd/MMM/yyyy", s, start, end);
        }
        return daysFromCivil(year, month, (int) day);
    }

    /** Seconds since midnight of the time at {@code s[start, start + 8)}. */
    static int secondOfDay(CharSequence s, int start, String field) throws LineRejected {
        int end = start + TIME_LENGTH;
        if (end > s.length() || s.charAt(start + 2) != ':' || s.charAt(start + 5) != ':') {
            throw LineRejected.of(field, "not a time HH:mm:ss", s, start, Math.min(end, s.length()));
        }
        long h = Fields.number(s, start, start + 2, 23);
        long m = Fields.number(s, start + 3, start + 5, 59);
        long sec = Fields.number(s, start + 6, end, 59);
        if (h < 0 || m < 0 || sec < 0) {
            throw LineRejected.of(field, "not a time HH:mm:ss", s, start, end);
        }
        return (int) (h * 3600 + m * 60 + sec);
    }

    /** Offset from GMT in seconds of the zone {@code +hhmm} or {@code -hhmm} at {@code s[start, start + 5)}. */
    static int offsetSeconds(CharSequence s, int start, String field) throws LineRejected {
        int end = start + ZONE_LENGTH;
        char sign = end <= s.length() ? s.charAt(start) : ' ';
        long h = sign == '+' || sign == '-' ? Fields.number(s, start + 1, start + 3, 18) : -1;
        long m = h < 0 ? -1 : Fields.number(s, start + 3, end, 59);
        if (m < 0) {
            throw LineRejected.of(field, "not a zone +hhmm", s, start, Math.min(end, s.length()));
        }
        int seconds = (int) (h * 3600 + m * 60);
        return sign == '-' ? -seconds : seconds;
    }

    /** 1..12 for the three-letter English month name at {@code s[start, start + 3)}, any case; -1 otherwise. */
    private static int month(CharSequence s, int start) {
        for (int m = 0; m < 12; m++) {
            boolean same = true;
            for (int i = 0; i < 3 && same; i++) {
                same = Character.toLowerCase(s.charAt(start + i)) == MONTHS.charAt(3 * m + i);
            }
            if (same) {
                return m + 1;
            }
        }
        return -1;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
    private static long daysFromCivil(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146097 + dayOfEra - 719468;
    }
}

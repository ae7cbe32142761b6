package dev.ispd.examples.worldcup.importer;

import java.time.ZoneId;

/** The text formats the importer reads (docs/import.md). */
public enum ImportFormat {
    /** The real sample's {@code clientID,date,time,URL,status,size}. */
    CSV,
    /** Common Log Format, and the combined format (its trailing fields ignored). */
    CLF;

    /** A parser for one import; {@code csvZone} is the zone CSV times are in (CLF lines carry their own). */
    LineParser parser(ZoneId csvZone) {
        return this == CSV ? new CsvLineParser(csvZone) : new ClfLineParser();
    }
}

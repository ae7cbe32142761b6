package dev.ispd.examples.worldcup.importer;

/** Turns one line of an input format into the fields of a record. */
interface LineParser {
    /**
     * Sets every field of {@code out} from {@code line}, and {@code out.filled} for each field the
     * line did not give; a line that cannot be a record is a {@link LineRejected} naming the field.
     */
    void parse(String line, ParsedLine out) throws LineRejected;
}

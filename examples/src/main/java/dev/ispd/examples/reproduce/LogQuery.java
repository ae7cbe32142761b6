package dev.ispd.examples.reproduce;

/** The paper's two log-analysis queries (kang2013 V-C-1). */
public enum LogQuery {
    /** Accesses per region: one field per entry. */
    Q1,
    /** Accesses per file type per region: two fields per entry. */
    Q2
}

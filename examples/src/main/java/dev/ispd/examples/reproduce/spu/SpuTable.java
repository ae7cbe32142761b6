package dev.ispd.examples.reproduce.spu;

import java.util.function.Predicate;

/** The thesis's tables the SPU reproduction writes, each with its plot and the profile keys it depends on. */
public enum SpuTable {
    TABLE_3_4("Table 3.4: kNN energy with 2-32 coprocessor cores", "table3-4",
            key -> !key.startsWith("link.") && !key.equals("compute.cyclesPerInstruction")),
    TABLE_3_5("Table 3.5: SpMV energy with the NAND bus at 2.5-1 ns per byte", "table3-5",
            key -> !key.startsWith("link.") && !key.equals("compute.cyclesPerInstruction")),
    TABLE_3_6("Table 3.6: speed-ups and energy savings over the baseline host", "table3-6",
            key -> !key.equals("compute.cyclesPerInstruction") && !key.equals("cpu.cyclesPerInstruction")
                    && !key.startsWith("hadoop.") && !key.startsWith("interpreter.") && !key.equals("io.busBytesPerSec"));

    private final String title;
    private final String plot;
    private final Predicate<String> keys;

    SpuTable(String title, String plot, Predicate<String> keys) {
        this.title = title;
        this.plot = plot;
        this.keys = keys;
    }

    public String title() {
        return title;
    }

    /** Base name of the plot files (.png and .svg). */
    public String plot() {
        return plot;
    }

    /** Whether the table's figures depend on this profile key (device or, for Table 3.6, host). */
    boolean dependsOn(String key) {
        return keys.test(key);
    }
}

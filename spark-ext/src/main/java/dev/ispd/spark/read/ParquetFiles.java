package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.hadoop.parquet.ParquetInputs;
import dev.ispd.hadoop.parquet.ParquetPages;
import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PushedScan;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * The Parquet files of a read, from their footers and offset indexes ({@link ParquetPages}), read
 * once on the driver: the table their schema makes ({@link ParquetTable}: the layout the plans run
 * over, the columns a plan cannot read), the same for every file, and their rows. Planning a scan
 * takes each file's row groups and their pages from here ({@link #input}).
 */
public final class ParquetFiles {
    /** Planner inputs kept per file: a few queries' scans, each with and without its runtime filters. */
    private static final int PLANNED_PER_FILE = 8;
    private final ParquetTable table;
    private final Map<String, ParquetMetadata> footers;
    private final Map<String, ParquetPages> pages;
    private final long rows;
    /**
     * The planner's inputs last worked out, most recently used last: a query plans a file's splits,
     * describes its scan (EXPLAIN, Spark's UI) and counts its skipped row groups from one input.
     */
    private final Map<Planned, InputFile> planned;

    /** What a file's planner input is worked out from: its path, the columns read and the WHERE its statistics are tested against. */
    private record Planned(String path, Set<String> names, Predicate where) {
    }

    private ParquetFiles(ParquetTable table, Map<String, ParquetMetadata> footers, Map<String, ParquetPages> pages,
                         long rows) {
        this.table = table;
        this.footers = footers;
        this.pages = pages;
        this.rows = rows;
        int most = PLANNED_PER_FILE * footers.size(); // read() refuses a read of no file
        this.planned = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Planned, InputFile> eldest) {
                return size() > most;
            }
        });
    }

    /**
     * The footers of {@code files}, their table named {@code name} with string fields of
     * {@code stringWidth} bytes; a footer that does not read, or a file whose schema differs from
     * the first's, is an AnalysisException naming the file(s) and column.
     */
    static ParquetFiles read(String name, FileSystem fs, List<FileStatus> files, int stringWidth) {
        if (files.isEmpty()) {
            throw analysis("no Parquet file in " + name + " to take the schema from");
        }
        Map<String, ParquetMetadata> footers = new HashMap<>();
        Map<String, ParquetPages> pages = new HashMap<>();
        ParquetTable table = null;
        String first = null;
        long rows = 0;
        for (FileStatus f : files) {
            ParquetMetadata footer;
            try {
                footer = ParquetFooters.read(fs, f);
                pages.put(f.getPath().toString(), ParquetPages.read(fs, f, footer));
            } catch (IOException e) {
                throw analysis(e.getMessage(), e);
            }
            ParquetTable mine;
            try {
                mine = ParquetTable.of(name, footer.getFileMetaData().getSchema(), stringWidth);
            } catch (PlanException e) {
                throw analysis(f.getPath() + ": " + e.getMessage(), e);
            }
            if (table == null) {
                table = mine;
                first = f.getPath().toString();
            } else {
                checkSame(first, table, f.getPath().toString(), mine);
            }
            footers.put(f.getPath().toString(), footer);
            rows += footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
        }
        return new ParquetFiles(table, footers, pages, rows);
    }

    /** The table of the files' schema. */
    public ParquetTable table() {
        return table;
    }

    /** The rows in all the files. */
    public long rows() {
        return rows;
    }

    /**
     * The planner's input for {@code pushed} over {@code file}: the columns its plan names and
     * those Spark reads (at least one), its row groups but those whose statistics exclude the pushed filters.
     */
    public InputFile input(FileStatus file, PushedScan pushed) {
        Set<String> names = columnsOf(pushed.plan());
        if (pushed.aggregation() == null) {
            pushed.columns().stream().map(LayoutColumn::name).forEach(names::add);
        }
        return input(file, names, pushed.where());
    }

    /** The planner's input for {@code plan} (over this table's layout) over {@code file}. */
    public InputFile input(FileStatus file, Plan plan) {
        return input(file, columnsOf(plan), plan.where());
    }

    /** The names of the table's columns {@code plan} reads, in the table's order. */
    private Set<String> columnsOf(Plan plan) {
        Set<String> names = new LinkedHashSet<>();
        table.columnsOf(plan).forEach(c -> names.add(c.name()));
        return names;
    }

    /**
     * The planner's input for reading the columns {@code names} (at least one) of {@code file}, its
     * row groups but those whose statistics exclude {@code where}.
     */
    InputFile input(FileStatus file, Set<String> names, Predicate where) {
        return planned.computeIfAbsent(new Planned(file.getPath().toString(), Set.copyOf(names), where),
                p -> workedOut(file, names, where));
    }

    private InputFile workedOut(FileStatus file, Set<String> names, Predicate where) {
        List<ParquetColumn> columns = table.columns().stream().filter(c -> names.contains(c.name())).toList();
        if (columns.isEmpty()) {
            columns = table.columns().subList(0, 1); // a row group's rows are counted by decoding one column
        }
        String path = file.getPath().toString();
        return ParquetInputs.input(file, footers.get(path), pages.get(path), table, columns, where);
    }

    /**
     * The row groups of {@code files} whose statistics exclude {@code pushed}'s filters: in all of
     * them, and in the files left with no row group to read, which no split counts when it runs.
     */
    Skipped skipped(List<FileStatus> files, PushedScan pushed) {
        long all = 0;
        long inEmptyFiles = 0;
        for (FileStatus f : files) {
            ParquetInput in = input(f, pushed).parquet();
            all += in.rowGroupsSkipped();
            inEmptyFiles += in.rowGroups().isEmpty() ? in.rowGroupsSkipped() : 0;
        }
        return new Skipped(all, inEmptyFiles);
    }

    /** Row groups skipped by their statistics: in all files, and in files left with none to read. */
    record Skipped(long all, long inEmptyFiles) {
    }

    /** Two files of one read have the same columns, of the same types and order: else an error naming both and the column. */
    private static void checkSame(String first, ParquetTable a, String other, ParquetTable b) {
        List<Field> fa = a.layout().fields();
        List<Field> fb = b.layout().fields();
        for (int i = 0; i < Math.max(fa.size(), fb.size()); i++) {
            Field x = i < fa.size() ? fa.get(i) : null;
            Field y = i < fb.size() ? fb.get(i) : null;
            if (!Objects.equals(x, y)) {
                Field named = x != null ? x : y;
                throw analysis("the Parquet files of one read differ in column " + named.name() + ": " + first + " has "
                        + describe(a, named.name()) + ", " + other + " has " + describe(b, named.name()));
            }
        }
        if (!a.unsupported().equals(b.unsupported())) {
            throw analysis("the Parquet files of one read differ in the columns not read: " + first + " has "
                    + a.unsupported() + ", " + other + " has " + b.unsupported());
        }
    }

    private static String describe(ParquetTable t, String column) {
        return t.layout().fields().stream().filter(f -> f.name().equals(column)).findFirst()
                .map(f -> f.typeText() + (f.hasNullBit() ? " (nullable)" : ""))
                .orElse(t.unsupported().containsKey(column) ? "it unread (" + t.unsupported().get(column) + ")" : "no such column");
    }
}

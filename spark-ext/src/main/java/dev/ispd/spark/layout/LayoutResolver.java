package dev.ispd.spark.layout;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.LayoutAttribute.Recorded;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutJson;
import dev.ispd.plan.layout.Layouts;
import dev.ispd.plan.layout.StoredLayout;
import dev.ispd.spark.conf.IspdOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The record layout of a read or write: the one the options give ({@code layout}: a name or
 * fields as text; {@code layoutFile}: JSON; {@code entrySize}), else the one its files record
 * ({@link LayoutAttribute}). Where both exist they must describe the same records (size and
 * fields; the name is only a label). Every problem is an AnalysisException naming the option,
 * file or field.
 */
public final class LayoutResolver {
    private LayoutResolver() {
    }

    /**
     * The layout of data whose files recorded {@code recorded} (empty: none), stored as the files
     * record (column-blocked or in rows), or where they record nothing as the options say
     * ({@code , blocked R} in the text form, {@code "block": R} in JSON; else rows). An option's
     * layout must describe the files' records, and one that says how they are stored must say
     * what they record.
     *
     * @param conf reads a {@code layoutFile}
     */
    public static RecordLayout resolve(Map<String, String> options, Optional<Recorded> recorded, Configuration conf) {
        Optional<StoredLayout> given = fromOptions(options, recorded, conf);
        if (given.isEmpty()) {
            Recorded r = recorded.orElseThrow(() -> analysis("option " + IspdOptions.LAYOUT.name()
                    + " is required (or " + IspdOptions.LAYOUT_FILE.name() + "): the data records no layout"));
            return RecordLayout.of(r.layout()).blocked(r.recordsPerBlock());
        }
        Layout layout = given.get().layout();
        if (recorded.isEmpty()) {
            return RecordLayout.of(layout).blocked(given.get().recordsPerBlock());
        }
        Recorded r = recorded.get();
        if (!Layouts.sameRecords(layout, r.layout())) {
            throw analysis(r.file() + " records layout " + Layouts.describe(r.layout()) + ", but the options give "
                    + Layouts.describe(layout));
        }
        if (given.get().blocked() && given.get().recordsPerBlock() != r.recordsPerBlock()) {
            throw analysis(r.file() + " stores its records " + StoredLayout.storage(r.recordsPerBlock())
                    + ", but the options' layout says " + given.get().storage());
        }
        return RecordLayout.of(layout).blocked(r.recordsPerBlock());
    }

    /** The option that gave the layout, for messages: {@code layoutFile} or {@code layout}. */
    public static String layoutOption(Map<String, String> options) {
        return IspdOptions.find(options, IspdOptions.LAYOUT_FILE.name()) != null ? IspdOptions.LAYOUT_FILE.name()
                : IspdOptions.LAYOUT.name();
    }

    /**
     * The layout recorded on {@code files}, which must all record the same one or none; empty if
     * none does ({@link LayoutAttribute#recorded}).
     */
    public static Optional<Recorded> recorded(FileSystem fs, List<Path> files) {
        try {
            return LayoutAttribute.recorded(fs, files);
        } catch (IOException e) {
            throw analysis("cannot read the layout of " + files + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage(), e);
        }
    }

    private static Optional<StoredLayout> fromOptions(Map<String, String> options, Optional<Recorded> recorded,
                                                Configuration conf) {
        String text = IspdOptions.find(options, IspdOptions.LAYOUT.name());
        String file = IspdOptions.find(options, IspdOptions.LAYOUT_FILE.name());
        int entrySize = entrySize(options);
        if (text != null && file != null) {
            throw analysis("options " + IspdOptions.LAYOUT.name() + " and " + IspdOptions.LAYOUT_FILE.name()
                    + " both give a layout: give one");
        }
        try {
            if (file != null) {
                return Optional.of(LayoutJson.parseStored(read(file, conf), entrySize,
                        "option " + IspdOptions.LAYOUT_FILE.name() + " " + file));
            }
            if (text == null || text.isBlank()) {
                return entrySize == 0 ? Optional.empty() : recorded.map(r -> StoredLayout.rows(resized(r, entrySize)));
            }
            String source = "option " + IspdOptions.LAYOUT.name();
            int size = entrySize > 0 || Layouts.declaresFields(text) ? entrySize
                    : recordedSize(Layouts.nameIn(text), recorded);
            return Optional.of(Layouts.storedFromText(text, size, source));
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage(), e);
        }
    }

    /** The record size of the built-in layout {@code name} given without entrySize: the one its files record. */
    private static int recordedSize(String name, Optional<Recorded> recorded) {
        if (recorded.isEmpty()) {
            throw analysis("option " + IspdOptions.ENTRY_SIZE.name() + " is required: the data records no layout ("
                    + LayoutAttribute.NAME + ") to take the size of " + name + " records from");
        }
        Recorded r = recorded.get();
        if (!r.layout().name().equals(name)) {
            throw analysis(r.file() + " records layout " + Layouts.describe(r.layout()) + ", but the options give " + name
                    + " without " + IspdOptions.ENTRY_SIZE.name());
        }
        return r.layout().recordSize();
    }

    /** The recorded layout with records of {@code entrySize} bytes: disagrees with the file unless the size is its own. */
    private static Layout resized(Recorded r, int entrySize) {
        return new Layout(r.layout().name(), Math.max(entrySize, 1), r.layout().fields());
    }

    /** Option entrySize, or 0 if not given. */
    private static int entrySize(Map<String, String> options) {
        String size = IspdOptions.find(options, IspdOptions.ENTRY_SIZE.name());
        if (size == null) {
            return 0;
        }
        String message = "option " + IspdOptions.ENTRY_SIZE.name() + " must be a positive whole number of bytes, got '"
                + size + "'";
        int n;
        try {
            n = Integer.parseInt(size.trim());
        } catch (NumberFormatException e) {
            throw analysis(message, e);
        }
        if (n <= 0) {
            throw analysis(message);
        }
        return n;
    }

    private static String read(String file, Configuration conf) {
        Path path = new Path(file);
        try (InputStream in = OsdFileSystems.get(path, conf).open(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw analysis("cannot read option " + IspdOptions.LAYOUT_FILE.name() + " " + file + ": " + e.getMessage(), e);
        }
    }
}

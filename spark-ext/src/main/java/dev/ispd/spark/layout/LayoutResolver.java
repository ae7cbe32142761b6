package dev.ispd.spark.layout;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.LayoutAttribute.Recorded;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.layout.LayoutJson;
import dev.ispd.plan.layout.Layouts;
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
     * The layout of data whose files recorded {@code recorded} (empty: none).
     *
     * @param conf reads a {@code layoutFile}
     */
    public static RecordLayout resolve(Map<String, String> options, Optional<Recorded> recorded, Configuration conf) {
        Optional<Layout> given = fromOptions(options, recorded, conf);
        if (given.isEmpty()) {
            Recorded r = recorded.orElseThrow(() -> analysis("option " + IspdOptions.LAYOUT.name()
                    + " is required (or " + IspdOptions.LAYOUT_FILE.name() + "): the data records no layout"));
            return RecordLayout.of(r.layout());
        }
        if (recorded.isPresent() && !Layouts.sameRecords(given.get(), recorded.get().layout())) {
            throw analysis(recorded.get().file() + " records layout " + Layouts.describe(recorded.get().layout())
                    + ", but the options give " + Layouts.describe(given.get()));
        }
        return RecordLayout.of(given.get());
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

    private static Optional<Layout> fromOptions(Map<String, String> options, Optional<Recorded> recorded,
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
                return Optional.of(LayoutJson.parse(read(file, conf), entrySize,
                        "option " + IspdOptions.LAYOUT_FILE.name() + " " + file));
            }
            if (text == null || text.isBlank()) {
                return entrySize == 0 ? Optional.empty() : recorded.map(r -> resized(r, entrySize));
            }
            if (Layouts.declaresFields(text)) {
                return Optional.of(LayoutDdl.parse(Layouts.CUSTOM, text, entrySize, "option " + IspdOptions.LAYOUT.name()));
            }
            int size = entrySize > 0 ? entrySize : recordedSize(text.trim(), recorded);
            return Optional.of(Layouts.named(text.trim(), size));
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

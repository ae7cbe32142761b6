package dev.ispd.hadoop.fs;

import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.layout.Layouts;
import dev.ispd.plan.layout.StoredLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;

/**
 * A file's record layout, kept with the file as the extended attribute {@value #NAME}: the
 * text {@code NAME/RECORD_SIZE} of a {@link Layout}, e.g. {@code worldcup98/256} for WorldCup98
 * entries of 256 bytes, followed by {@code " blocked R"} for records stored column-blocked,
 * {@code R} to a block ({@link BlockLayout}), e.g. {@code lineitem/153 blocked 65536}. Writers
 * record it; readers take the record size from it, so a wrong entry size can no longer be
 * believed just because it divides the file's length
 * ({@code hadoop fs -getfattr -n user.ispd.layout PATH} shows it); a reader older than blocked
 * records finds no record size in a blocked file's text and refuses it as damaged. File systems
 * without extended attributes (the local one) record nothing.
 */
public final class LayoutAttribute {
    /** The attribute's name. */
    public static final String NAME = "user.ispd.layout";
    /**
     * The attribute holding the fields of a layout that is not built in, in the text form of a
     * layout ({@link LayoutDdl}), beside {@value #NAME}.
     */
    public static final String FIELDS = "user.ispd.layout.fields";

    private LayoutAttribute() {
    }

    /** What follows a blocked layout's record size in the attribute: {@code " blocked R"}. */
    public static final String BLOCKED = " blocked ";

    /** The attribute's text for {@code layout}. */
    public static String text(Layout layout) {
        return layout.name() + "/" + layout.recordSize();
    }

    /** The attribute's text for {@code stored}: {@code NAME/SIZE}, then {@code " blocked R"} for blocks. */
    public static String text(StoredLayout stored) {
        return text(stored.layout()) + (stored.blocked() ? BLOCKED + stored.recordsPerBlock() : "");
    }

    /**
     * Records {@code layout} on {@code file}, replacing what it had: its name and record size, and
     * its fields ({@value #FIELDS}) unless it is the built-in layout of that name, which readers
     * know; nothing if {@code fs} keeps no attributes.
     */
    public static void record(FileSystem fs, Path file, Layout layout) throws IOException {
        record(fs, file, StoredLayout.rows(layout));
    }

    /**
     * Records {@code stored} on {@code file} as {@link #record(FileSystem, Path, Layout)} does,
     * with how the file stores its records: in rows or column-blocked ({@link BlockLayout}).
     */
    public static void record(FileSystem fs, Path file, StoredLayout stored) throws IOException {
        if (fs instanceof OsdFileSystem) {
            Layout layout = stored.layout();
            EnumSet<XAttrSetFlag> replace = EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE);
            fs.setXAttr(file, NAME, text(stored).getBytes(StandardCharsets.UTF_8), replace);
            if (!Layouts.builtIn(layout)) {
                fs.setXAttr(file, FIELDS, LayoutDdl.format(layout).getBytes(StandardCharsets.UTF_8), replace);
            }
        }
    }

    /**
     * The layout recorded on {@code file}, read with its fields in one request; empty if it
     * records none.
     *
     * @throws IllegalArgumentException the recorded layout is damaged, or names a layout that is
     *     not built in without its fields (the message names the file and the attribute)
     */
    public static Optional<Layout> layout(FileSystem fs, Path file) throws IOException {
        if (!(fs instanceof OsdFileSystem)) {
            return Optional.empty();
        }
        Map<String, byte[]> attributes = fs.getXAttrs(file, List.of(NAME, FIELDS));
        byte[] text = attributes.get(NAME);
        if (text == null) {
            return Optional.empty();
        }
        String recorded = new String(text, StandardCharsets.UTF_8);
        String name = layoutName(recorded);
        int size = recordSizeOf(file, recorded);
        byte[] fields = attributes.get(FIELDS);
        if (fields != null) {
            return Optional.of(LayoutDdl.parse(name, new String(fields, StandardCharsets.UTF_8), size,
                    file + " (" + FIELDS + ")"));
        }
        if (!Layouts.NAMES.contains(name)) {
            throw new IllegalArgumentException(file + " records layout " + recorded + " without its fields (" + FIELDS
                    + "): give its layout");
        }
        try {
            return Optional.of(Layouts.named(name, size));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " (" + NAME + "): " + e.getMessage(), e);
        }
    }

    /**
     * A layout recorded on a file, that file, for messages, and how many records a block holds
     * where they are stored column-blocked (0: in rows).
     */
    public record Recorded(Path file, Layout layout, int recordsPerBlock) {
        /** A layout recorded on a file of records in rows. */
        public Recorded(Path file, Layout layout) {
            this(file, layout, 0);
        }

        /** The layout and how the file stores its records. */
        public StoredLayout stored() {
            return new StoredLayout(layout, recordsPerBlock);
        }
    }

    /**
     * The layout {@code files} record (a directory's {@link DataFiles}, say), which must all
     * record the same records, stored the same way (in rows, or blocks of as many records), or
     * none; empty if none does.
     *
     * @throws IllegalArgumentException two files record different layouts or blocks (naming both),
     *     or one records a damaged layout ({@link #layout})
     */
    public static Optional<Recorded> recorded(FileSystem fs, List<Path> files) throws IOException {
        Optional<Recorded> first = Optional.empty();
        for (Path file : files) {
            Optional<Layout> layout = layout(fs, file);
            if (layout.isEmpty()) {
                continue;
            }
            int block = recordsPerBlock(fs, file);
            if (first.isEmpty()) {
                first = Optional.of(new Recorded(file, layout.get(), block));
            } else if (!Layouts.sameRecords(first.get().layout(), layout.get())) {
                throw new IllegalArgumentException(file + " records layout " + Layouts.describe(layout.get()) + ", but "
                        + first.get().file() + " records " + Layouts.describe(first.get().layout())
                        + ": read them separately");
            } else if (first.get().recordsPerBlock() != block) {
                throw new IllegalArgumentException(file + " stores its records " + StoredLayout.storage(block) + ", but "
                        + first.get().file() + " " + StoredLayout.storage(first.get().recordsPerBlock()) + ": read them separately");
            }
        }
        return first;
    }

    /** The layout text recorded on {@code file}, or empty if it has none. */
    public static Optional<String> read(FileSystem fs, Path file) throws IOException {
        return attribute(fs, file, NAME);
    }

    /** The fields recorded on {@code file} ({@value #FIELDS}), or empty if it has none. */
    public static Optional<String> readFields(FileSystem fs, Path file) throws IOException {
        return attribute(fs, file, FIELDS);
    }

    private static Optional<String> attribute(FileSystem fs, Path file, String name) throws IOException {
        if (!(fs instanceof OsdFileSystem)) {
            return Optional.empty();
        }
        byte[] value = fs.getXAttrs(file, List.of(name)).get(name);
        return value == null ? Optional.empty() : Optional.of(new String(value, StandardCharsets.UTF_8));
    }

    /** The layout's name in an attribute's {@code text}, e.g. {@code worldcup98} of {@code worldcup98/256}. */
    public static String layoutName(String text) {
        int slash = text.lastIndexOf('/');
        return slash < 0 ? text : text.substring(0, slash);
    }

    /** The record size of the layout recorded on {@code file}, or 0 if it records none. */
    public static int recordSize(FileSystem fs, Path file) throws IOException {
        Optional<String> text = read(fs, file);
        return text.isEmpty() ? 0 : recordSizeOf(file, text.get());
    }

    private static int recordSizeOf(Path file, String text) {
        try {
            return recordSize(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " has a " + e.getMessage(), e);
        }
    }

    /** The record size in an attribute's {@code text}, e.g. 256 of {@code worldcup98/256} or 153 of {@code lineitem/153 blocked 4096}. */
    public static int recordSize(String text) {
        int blocked = text.indexOf(BLOCKED);
        try {
            return Integer.parseInt(text.substring(text.lastIndexOf('/') + 1, blocked < 0 ? text.length() : blocked));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("damaged layout attribute '" + text + "'", e);
        }
    }

    /**
     * The records a block holds in an attribute's {@code text} ({@code R} of {@code lineitem/153
     * blocked R}), or 0 for records in rows.
     *
     * @throws IllegalArgumentException {@code R} is not a positive whole number
     */
    public static int recordsPerBlock(String text) {
        int blocked = text.indexOf(BLOCKED);
        if (blocked < 0) {
            return 0;
        }
        String r = text.substring(blocked + BLOCKED.length());
        try {
            int n = Integer.parseInt(r);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, naming the attribute
        }
        throw new IllegalArgumentException("damaged layout attribute '" + text + "': blocked takes a positive number of "
                + "records, got '" + r + "'");
    }

    /** The records a block of {@code file} holds (0: its records are stored in rows, or it records no layout). */
    public static int recordsPerBlock(FileSystem fs, Path file) throws IOException {
        Optional<String> text = read(fs, file);
        try {
            return text.isEmpty() ? 0 : recordsPerBlock(text.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " has a " + e.getMessage(), e);
        }
    }

    /**
     * The WorldCup98 entry size of {@code path}, a file or a directory of them (its
     * {@link DataFiles}): the recorded one, which
     * {@code given} (null if none was given) must equal; without a recorded layout, {@code given},
     * which is then required. The files of a directory must agree.
     *
     * @throws IllegalArgumentException naming the file, the recorded and the given value, if they
     *     disagree, the file holds another layout, neither says the entry size, or two files of a
     *     directory disagree
     */
    public static int worldCup98EntrySize(FileSystem fs, Path path, Integer given) throws IOException {
        if (!fs.getFileStatus(path).isDirectory()) {
            return fileEntrySize(fs, path, given);
        }
        Integer found = null;
        Path foundIn = null;
        for (FileStatus s : DataFiles.of(fs, path)) {
            int size = fileEntrySize(fs, s.getPath(), given);
            if (found != null && found != size) {
                throw new IllegalArgumentException(foundIn + " holds " + Layout.WORLDCUP98 + " entries of " + found
                        + " B but " + s.getPath() + " entries of " + size + " B: read them separately");
            }
            found = size;
            foundIn = s.getPath();
        }
        if (found == null && given == null) {
            throw new IllegalArgumentException(path + " holds no files that record a layout: give its entry size");
        }
        return found == null ? given : found;
    }

    private static int fileEntrySize(FileSystem fs, Path file, Integer given) throws IOException {
        Optional<String> recorded = read(fs, file);
        if (recorded.isEmpty()) {
            if (given == null) {
                throw new IllegalArgumentException(file + " records no layout: give its entry size");
            }
            return given;
        }
        String text = recorded.get();
        if (text.contains(BLOCKED)) {
            throw new IllegalArgumentException(file + " holds column-blocked records (its layout " + text
                    + "): the WorldCup98 tasklets read records in rows; query it with a plan (--sql)");
        }
        if (!text.startsWith(Layout.WORLDCUP98 + "/")) {
            throw new IllegalArgumentException(file + " holds layout " + text + ", not " + Layout.WORLDCUP98);
        }
        int size = recordSizeOf(file, text);
        if (given != null && given != size) {
            throw new IllegalArgumentException(file + " holds " + Layout.WORLDCUP98 + " entries of " + size
                    + " B (its layout " + text + "), but an entry size of " + given + " B was given");
        }
        return size;
    }
}

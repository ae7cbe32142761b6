package dev.ispd.examples.worldcup.importer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The file type of a requested URL, the {@code type} byte of a WorldCup98 record. The original
 * tools' table is not published, so this is the table of ../shared/worldcup98-format.md with
 * extensions added because the real sample requests them (.tif/.tiff IMAGE, .hqx COMPRESSED);
 * docs/import.md lists it. Rules, in order, case-insensitive:
 * <ol>
 *   <li>a fragment ({@code #...}) is dropped: browsers never send one, a log holding one is quoting a link;</li>
 *   <li>a URL with a query ({@code ?}) is DYNAMIC, whatever its path;</li>
 *   <li>a URL whose path ends in {@code /} is DIRECTORY;</li>
 *   <li>otherwise the extension of the last path segment (after its last dot) decides by the table;</li>
 *   <li>anything else (no extension, or one not in the table) is other.</li>
 * </ol>
 * ICL has no rule: nothing in the inputs can be told to be one.
 */
public final class FileTypes {
    public static final int HTML = 0;
    public static final int IMAGE = 1;
    public static final int AUDIO = 2;
    public static final int VIDEO = 3;
    public static final int JAVA = 4;
    public static final int FORMATTED = 5;
    public static final int DYNAMIC = 6;
    public static final int TEXT = 7;
    public static final int COMPRESSED = 8;
    public static final int PROGRAMS = 9;
    public static final int DIRECTORY = 10;
    public static final int OTHER = 12;

    private static final Map<String, Integer> BY_EXTENSION = new LinkedHashMap<>();

    static {
        map(HTML, "html", "htm");
        map(IMAGE, "gif", "jpg", "jpeg", "xbm", "bmp", "tif", "tiff");
        map(AUDIO, "au", "wav", "mp3");
        map(VIDEO, "mov", "mpg", "avi");
        map(JAVA, "class");
        map(FORMATTED, "pdf", "ps", "doc");
        map(TEXT, "txt");
        map(COMPRESSED, "zip", "gz", "z", "tar", "hqx");
        map(PROGRAMS, "exe");
    }

    private FileTypes() {
    }

    /** The type of {@code url} by the rules above. */
    public static int typeOf(String url) {
        int end = url.indexOf('#');
        if (end < 0) {
            end = url.length();
        }
        if (url.lastIndexOf('?', end - 1) >= 0) {
            return DYNAMIC;
        }
        if (end > 0 && url.charAt(end - 1) == '/') {
            return DIRECTORY;
        }
        int segment = url.lastIndexOf('/', end - 1) + 1;
        int dot = url.lastIndexOf('.', end - 1);
        if (dot < segment) {
            return OTHER;
        }
        return BY_EXTENSION.getOrDefault(url.substring(dot + 1, end).toLowerCase(Locale.ROOT), OTHER);
    }

    /** The extension table (lower case, without the dot), in the order docs/import.md lists it. */
    public static Map<String, Integer> extensions() {
        return Collections.unmodifiableMap(BY_EXTENSION);
    }

    private static void map(int type, String... extensions) {
        for (String e : extensions) {
            BY_EXTENSION.put(e, type);
        }
    }
}

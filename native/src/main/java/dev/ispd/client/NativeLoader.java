package dev.ispd.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads {@code libispd} once per JVM: the C library and the JNI glue in one shared object,
 * shipped in the jar as the class-path resource {@code /native/<os>-<arch>/libispd.so} (the
 * folder names are CMake's, see native/CMakeLists.txt). The resource is copied to a temporary
 * file, because a library cannot be loaded out of a jar, and {@code System.load}ed; the JNA
 * binding opens that same file ({@link #load()} returns its path), never a second copy. No
 * {@code LD_LIBRARY_PATH} is needed.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@value #PATH_PROPERTY}: load this file instead of the jar's copy;</li>
 *   <li>{@value #TMPDIR_PROPERTY}: extract into this folder instead of {@code java.io.tmpdir}
 *       (for example when /tmp is mounted noexec).</li>
 * </ul>
 */
public final class NativeLoader {
    public static final String PATH_PROPERTY = "ispd.native.path";
    public static final String TMPDIR_PROPERTY = "ispd.native.tmpdir";
    static final String LIBRARY = "ispd";

    private static Path loaded; // guarded by NativeLoader.class

    private NativeLoader() {
    }

    /**
     * Loads the library unless already loaded; safe to call from any thread, any number of times.
     *
     * @return the absolute path of the file that was loaded
     * @throws UnsatisfiedLinkError naming the resource or file it looked for and why it failed
     */
    public static synchronized Path load() {
        if (loaded == null) {
            Path file = locate(System.getProperty(PATH_PROPERTY), System.getProperty(TMPDIR_PROPERTY), resourcePath());
            try {
                System.load(file.toString());
            } catch (UnsatisfiedLinkError e) {
                throw new UnsatisfiedLinkError("cannot load the ispd native library " + file + ": " + e.getMessage()
                        + " (if the folder is mounted noexec, set -D" + TMPDIR_PROPERTY + ")");
            }
            loaded = file;
        }
        return loaded;
    }

    /** The file {@link #load()} loaded, or null if it has not run (or failed). */
    public static synchronized Path loadedPath() {
        return loaded;
    }

    /** {@code <os>-<arch>} as CMake names it: {@code linux-x86_64}, {@code linux-aarch64}, {@code darwin-aarch64}. */
    public static String platform() {
        return os(System.getProperty("os.name")) + "-" + arch(System.getProperty("os.arch"));
    }

    /** The class-path resource the library is extracted from, e.g. {@code /native/linux-x86_64/libispd.so}. */
    public static String resourcePath() {
        return "/native/" + platform() + "/" + System.mapLibraryName(LIBRARY);
    }

    static String os(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return "darwin";
        }
        if (os.startsWith("windows")) {
            return "windows";
        }
        return os.replace(' ', '_');
    }

    static String arch(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        return switch (arch) {
            case "amd64", "x86_64", "x64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
    }

    /**
     * The file to load: {@code overridePath} if given (it must exist), else {@code resource}
     * extracted into {@code tmpDir} (or java.io.tmpdir).
     */
    static Path locate(String overridePath, String tmpDir, String resource) {
        if (overridePath != null) {
            Path file = Path.of(overridePath).toAbsolutePath();
            if (!Files.isRegularFile(file)) {
                throw new UnsatisfiedLinkError("ispd native library not found: -D" + PATH_PROPERTY + "=" + overridePath
                        + " names no file (" + file + ")");
            }
            return file;
        }
        Path dir = Path.of(tmpDir != null ? tmpDir : System.getProperty("java.io.tmpdir")).toAbsolutePath();
        return extract(resource, dir);
    }

    static Path extract(String resource, Path dir) {
        try (InputStream in = NativeLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("ispd native library for " + platform()
                        + " not found: no class-path resource " + resource
                        + " (build module native with Maven, or set -D" + PATH_PROPERTY + "=/path/to/"
                        + System.mapLibraryName(LIBRARY) + ")");
            }
            String name = System.mapLibraryName(LIBRARY);
            int dot = name.lastIndexOf('.');
            Files.createDirectories(dir);
            Path file = Files.createTempFile(dir, name.substring(0, dot) + "-", name.substring(dot));
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("cannot extract the ispd native library " + resource + " into " + dir + ": "
                    + e + " (set -D" + TMPDIR_PROPERTY + " to a writable folder)");
        }
    }
}

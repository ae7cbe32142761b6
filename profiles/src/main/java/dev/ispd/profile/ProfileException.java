package dev.ispd.profile;

/** A profile file that cannot be used; the message names the file and the key. */
public final class ProfileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String key;

    public ProfileException(String file, String key, String problem) {
        super(file + (key == null || key.isEmpty() ? "" : ": " + key) + ": " + problem);
        this.file = file;
        this.key = key;
    }

    public ProfileException(String file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.key = null;
    }

    /** The file (or resource) that was read. */
    public String file() {
        return file;
    }

    /** The dotted key at fault, or null when the file as a whole is unreadable. */
    public String key() {
        return key;
    }
}

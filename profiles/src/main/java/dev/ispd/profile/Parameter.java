package dev.ispd.profile;

/**
 * One number of a profile with where it comes from: exactly one of {@code source} (a paper and
 * the place in it) and {@code assumption} (why this value, when no paper gives it) is set.
 * {@code key} is the dotted path in the profile file, {@code value} the number as written.
 */
public record Parameter(String key, String value, String source, String assumption) {
    public Parameter {
        if ((source == null) == (assumption == null)) {
            throw new IllegalArgumentException("parameter " + key + " needs exactly one of source and assumption");
        }
    }

    public boolean isAssumption() {
        return assumption != null;
    }

    /** The source, or the reason for the assumption. */
    public String basis() {
        return source != null ? source : assumption;
    }
}

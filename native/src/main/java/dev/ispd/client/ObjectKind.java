package dev.ispd.client;

/** What an object on a drive holds ({@code ispd_object_kind}). */
public enum ObjectKind {
    DATA(1),
    TASKLET(2);

    private final int code;

    ObjectKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ObjectKind of(int code) {
        return switch (code) {
            case 1 -> DATA;
            case 2 -> TASKLET;
            default -> throw new IllegalArgumentException("unknown object kind " + code + " (expected 1 DATA or 2 TASKLET)");
        };
    }
}

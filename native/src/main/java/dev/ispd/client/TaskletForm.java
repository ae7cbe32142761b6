package dev.ispd.client;

/** How a tasklet is given to the drive ({@code ispd_tasklet_form}). Drives of protocol 1 run built-ins only. */
public enum TaskletForm {
    /** A tasklet compiled into the drive, named by its built-in name. */
    BUILTIN(1),
    /** A declarative plan in the body. */
    PLAN(2),
    /** A loadable module in the body. */
    MODULE(3);

    private final int code;

    TaskletForm(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}

package dev.ispd.protocol;

/** A tasklet parameter is missing or invalid; the message names the parameter and the value. */
public class BadParameterException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadParameterException(String message) {
        super(message);
    }
}

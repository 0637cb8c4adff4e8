package dev.cardinal.model;

/** A template that cannot be parsed; {@link #index()} is the 0-based character position of the problem. */
public final class TemplateException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int index;
    private final String reason;

    public TemplateException(String pattern, int index, String reason) {
        super("template '" + pattern + "', character " + (index + 1) + ": " + reason);
        this.index = index;
        this.reason = reason;
    }

    public int index() {
        return index;
    }

    public String reason() {
        return reason;
    }
}

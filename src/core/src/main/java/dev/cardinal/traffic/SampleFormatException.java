package dev.cardinal.traffic;

/** A file that is not what its name or binding claims (binary data, JSON read as CSV, ...). Nothing of it was kept. */
public final class SampleFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public SampleFormatException(String message) {
        super(message);
    }
}

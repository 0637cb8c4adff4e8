package dev.cardinal.capture;

/** A request the capture endpoint cannot read as HTTP/1.1: the status to answer it with, and why. */
final class HttpProblem extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    HttpProblem(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}

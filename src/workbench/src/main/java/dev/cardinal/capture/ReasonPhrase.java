package dev.cardinal.capture;

/**
 * The reason phrase of an HTTP status, as a status line of the capture's {@link Answer} carries it: the standard
 * wording for the statuses the endpoint answers with, else the status's class.
 */
final class ReasonPhrase {
    private ReasonPhrase() {
    }

    static String of(int status) {
        return switch (status) {
            case 100 -> "Continue";
            case 204 -> "No Content";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 413 -> "Request Entity Too Large";
            case 415 -> "Unsupported Media Type";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> status < 500 ? "Client Error" : "Server Error";
        };
    }
}

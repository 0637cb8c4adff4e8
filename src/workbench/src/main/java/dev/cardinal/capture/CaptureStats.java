package dev.cardinal.capture;

/**
 * What a capture's endpoint has seen so far ({@link CaptureServer#stats}).
 *
 * @param shed      requests and connections answered 429 or 503 (Retry-After): overload or a full capture
 * @param abandoned requests whose writer left before they could be answered; nothing of them was kept
 * @param timedOut  requests whose head or body did not arrive in time (408)
 * @param repeated  writes whose points were kept already by an earlier write to the same place (a retry after a
 *                  client timeout, say): answered as that one was, nothing of them kept again ({@link RepeatedWrites})
 */
public record CaptureStats(long requests, long points, long badLines, long tooLarge, long shed, long abandoned, long timedOut,
                           long repeated) {
}

package dev.cardinal.engine;

import java.io.IOException;
import java.time.Duration;

/**
 * Throwaway servers of one engine that this machine can start (a scratch influxd): what the Push tab's one button
 * pushes to, without a server of the user's. The engine starts and stops them; a front end keeps one as long as its
 * window.
 */
public interface Scratch {
    /** Whether one can start here: the engine's server is installed. */
    boolean available();

    /**
     * Starts one on a free loopback port, blocking until it answers: a background thread's work.
     *
     * @throws IOException saying why it did not start
     */
    Server start() throws IOException;

    /** Removes what the scratch servers of an earlier run left behind (killed before they could): off the UI thread. */
    void removeLeftovers();

    /** A running scratch server, stopped and removed on close. */
    interface Server extends AutoCloseable {
        /**
         * A connection to {@code database} on it, emptied first: the server is Cardinal's, so each push starts from
         * nothing.
         */
        Connection emptied(String database, Duration timeout) throws IOException, InterruptedException;

        @Override
        void close();
    }
}

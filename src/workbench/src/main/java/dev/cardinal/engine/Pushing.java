package dev.cardinal.engine;

import dev.cardinal.model.Target;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * What an engine offers for a live server of its kind: a client that plans and applies a workspace's layouts on it
 * ({@link PushTarget}, which may also write a sample and measure it: {@link SampleCheck}), and an importer that reads
 * what the server holds as a workspace. A front end asks {@code Engines.pushing(kind)} for it instead of naming the
 * engine.
 */
public interface Pushing {
    /** The kinds of target this engine serves. */
    Set<Target.Kind> kinds();

    /**
     * What a target's database is for this engine, for a usage message ({@code "the db label of every series"}), or
     * empty when the engine takes none (then a database given is refused).
     */
    Optional<String> database();

    /** Where such a server listens by default, for a form's prompt: {@code http://127.0.0.1:8428}. */
    String exampleUrl();

    /**
     * A client for the server; nothing is sent before its first call, unless the client keeps a connection open (a
     * database driver's), which it opens here.
     *
     * @throws IllegalArgumentException when the connection cannot be one of this engine's (no http(s) URL, a
     *                                  database it does not take), saying why
     * @throws IOException              when a connection opened here fails
     */
    PushTarget connect(Connection server) throws IOException;

    /**
     * Reads what the server holds as a workspace (a metric, a measurement or an index each an event kind).
     *
     * @throws IOException saying where and why, in words a front end prints as they are
     */
    ImportedWorkspace read(Connection server) throws IOException, InterruptedException;

    /** What a server of this engine takes to log in: the front end asks for that and nothing else. */
    default Logins logins() {
        return Logins.HTTP;
    }

    /**
     * Why a front end should refuse {@code url} before connecting, or empty; checked again when connecting. By
     * default the server is reached over HTTP, and anything but an http(s) URL ({@code jdbc:...}, {@code ftp://...}) is
     * refused, saying so; an engine reached another way (a database driver's JDBC URL) says what it takes instead.
     */
    default Optional<String> urlProblem(java.net.URI url) {
        return Connection.notHttp(url);
    }

    /**
     * The kind of target {@code url} is when no kind was given and its form says which ({@code jdbc:postgresql:}),
     * or empty.
     */
    default Optional<Target.Kind> kindOf(String url) {
        return Optional.empty();
    }

    /**
     * Whether planning reads the workspace's sample (rollup tables sized and filled from it): the front end then
     * hands it over in {@link Connection#sample}.
     */
    default boolean readsSample() {
        return false;
    }

    /** What a target's database holds in words for a report: {@code database}, {@code index}, {@code server}. */
    default String holder() {
        return "server";
    }

    /** The most recent points it holds, written as an imported workspace's sample, when the engine reads them. */
    default Optional<RecentSample> recent() {
        return Optional.empty();
    }

    /** Throwaway servers of this engine this machine can start, when the engine offers them (a scratch influxd). */
    default Optional<Scratch> scratch() {
        return Optional.empty();
    }

    /** Its new index under dynamic mapping, written and read back, for a document engine. */
    default Optional<DynamicIndex> dynamicIndex() {
        return Optional.empty();
    }

    /**
     * The fields of the fixed mapping that apply gives {@code layout} (a document engine's strict index template), as the
     * engine counts them toward its total-fields limit: fixed by the layout, whatever the traffic. Empty for an engine
     * without one, or a layout without a fixed mapping (field keys that carry data).
     */
    default java.util.OptionalLong fixedMappingFields(dev.cardinal.model.EventKind kind, dev.cardinal.model.Layout layout) {
        return java.util.OptionalLong.empty();
    }

    /**
     * {@code api} for other kinds of target: a server that answers another engine's API (InfluxDB 3 answers 1.x's
     * /query and /write) is planned, applied and imported through that API's client, which the list of engines hands
     * over, so neither engine names the other.
     */
    static Pushing through(Pushing api, Set<Target.Kind> kinds, String exampleUrl) {
        return new Pushing() {
            @Override
            public Set<Target.Kind> kinds() {
                return kinds;
            }

            @Override
            public Optional<String> database() {
                return api.database();
            }

            @Override
            public String exampleUrl() {
                return exampleUrl;
            }

            @Override
            public PushTarget connect(Connection server) throws IOException {
                return api.connect(server);
            }

            @Override
            public ImportedWorkspace read(Connection server) throws IOException, InterruptedException {
                return api.read(server);
            }

            @Override
            public Logins logins() {
                return api.logins();
            }

            @Override
            public Optional<String> urlProblem(java.net.URI url) {
                return api.urlProblem(url);
            }

            @Override
            public String holder() {
                return api.holder();
            }

            @Override
            public Optional<RecentSample> recent() {
                return api.recent();
            }
        };
    }
}

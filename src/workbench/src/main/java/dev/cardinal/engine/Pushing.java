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
     * A client for the server; nothing is sent before its first call.
     *
     * @throws IllegalArgumentException when the connection cannot be one of this engine's (no http(s) URL, a
     *                                  database it does not take), saying why
     */
    PushTarget connect(Connection server);

    /** Reads what the server holds as a workspace: each metric an event kind, its labels tags, its value a field. */
    ImportedWorkspace read(Connection server) throws IOException, InterruptedException;
}

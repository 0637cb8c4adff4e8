package dev.cardinal.engine;

import dev.cardinal.model.Target;
import java.util.Set;

/**
 * What an engine offers for rewriting data a live layout already wrote into a new layout, on the server itself: a
 * {@link Migration} planned, costed (a probe measures the target's pace), run window by window in order, checked,
 * resumable. A front end asks {@code Engines.migrating(kind)} for it instead of naming the engine.
 */
public interface Migrating {
    /** The kinds of target this engine migrates on. */
    Set<Target.Kind> kinds();

    /** What this engine's migration takes and does, so a front end asks for that and refuses the rest. */
    Offers offers();

    /**
     * A migration of {@code request}; nothing is sent before its survey.
     *
     * @throws IllegalArgumentException what this engine cannot migrate (a field made a tag through InfluxQL, names
     *                                  built from templates), or a connection it cannot take, saying why
     */
    Migration open(MigrationRequest request);

    /**
     * What an engine's migration offers.
     *
     * @param policies      whether it reads and writes retention policies ({@link MigrationRequest#readPolicy})
     * @param into          whether the copy's name may be chosen ({@link MigrationRequest#into})
     * @param dropsOld      whether it drops the old data when the user names it (else the old data is kept)
     * @param copy          what the copy is called in words: {@code measurement}, {@code table}
     * @param logins        how a server of this kind logs in
     */
    record Offers(boolean policies, boolean into, boolean dropsOld, String copy, Logins logins) {
    }
}

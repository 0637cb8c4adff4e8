package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import java.util.Optional;

/**
 * What an engine holds for one layout of one event kind's sample: the engine's own counting rules, its limits for a
 * version, and the figures its own queries would report. The sample is the rows as read (tags and fields by
 * attribute, dictionary-encoded); the layout says which attribute becomes what.
 */
public interface SeriesEngine {
    /** The version the figures are for when none is given: the one Cardinal runs and checks against. */
    ServerVersion defaultVersion();

    /**
     * Counts one layout over one event kind's rows.
     *
     * @param request what to count, for which version and settings
     * @return the engine's figures and limits, or a reason the layout cannot be counted on this engine
     */
    EngineCount count(Request request);

    /**
     * @param workspace the workspace the layout belongs to, when there is one (templates, rollups); may be null
     * @param sample    the event kind's rows
     * @param layout    which attribute becomes measurement, tag, field
     * @param settings  horizon and traffic multiplier
     * @param version   the server version asked for; empty means {@link #defaultVersion()}
     */
    record Request(Workspace workspace, EventKindSample sample, Layout layout, ProjectionSettings settings,
                   Optional<ServerVersion> version) {
        public Request {
            java.util.Objects.requireNonNull(sample, "sample");
            java.util.Objects.requireNonNull(layout, "layout");
            java.util.Objects.requireNonNull(settings, "settings");
            java.util.Objects.requireNonNull(version, "version");
        }
    }
}

package dev.cardinal.ui.session;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.ProjectionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the workbench shows numbers of, as one immutable value: the workspace as edited, where it is saved, the
 * selected layout, the projection's settings (horizon, traffic multiplier and the server's counting and limits, with a
 * document engine's mapping limit), the traffic shown and the theme. A number on screen was computed for one of these;
 * when the state it was computed for is no longer the current one, the number is out of date.
 *
 * @param workspace    the workspace as edited, or null when none is open
 * @param file         where it is saved, or null when it is not saved yet
 * @param layout       the selected layout, or null
 * @param settings     horizon, traffic multiplier and the server's limits
 * @param mappingLimit a document engine's total-fields limit when the server is one, else null
 * @param traffic      the sample shown (by identity: a sample read again is other traffic)
 * @param darkTheme    whether the dark theme is on
 */
public record SessionState(Workspace workspace, Path file, Layout layout, ProjectionSettings settings, Long mappingLimit,
                           ShownTraffic traffic, boolean darkTheme) {

    /** Nothing open yet. */
    public static final SessionState NONE = new SessionState(null, null, null, dev.cardinal.engines.ServerFor.defaults(), null, ShownTraffic.NONE, false);

    public SessionState {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(traffic, "traffic");
    }

    public Duration horizon() {
        return settings.horizon();
    }

    public double trafficMultiplier() {
        return settings.trafficMultiplier();
    }

    public SessionState withWorkspace(Workspace ws, Layout selected) {
        return new SessionState(ws, file, selected, settings, mappingLimit, traffic, darkTheme);
    }

    public SessionState withFile(Path f) {
        return new SessionState(workspace, f, layout, settings, mappingLimit, traffic, darkTheme);
    }

    public SessionState withLayout(Layout selected) {
        return new SessionState(workspace, file, selected, settings, mappingLimit, traffic, darkTheme);
    }

    public SessionState withSettings(ProjectionSettings s, Long limit) {
        return new SessionState(workspace, file, layout, s, limit, traffic, darkTheme);
    }

    public SessionState withTraffic(ShownTraffic t) {
        return new SessionState(workspace, file, layout, settings, mappingLimit, t, darkTheme);
    }

    public SessionState withDarkTheme(boolean dark) {
        return new SessionState(workspace, file, layout, settings, mappingLimit, traffic, dark);
    }

    /**
     * Whether numbers computed in {@code earlier} for the layout {@code layoutId} still hold in this state: the same
     * layout, settings and traffic (the theme, the file's name and the other layouts do not change them).
     */
    public boolean sameNumbersAs(SessionState earlier, String layoutId) {
        return sameLayout(earlier, layoutId) && sameSettings(earlier) && sameTraffic(earlier);
    }

    /** The layout {@code layoutId} as it was in {@code earlier}: itself, its event kind, the rollups and targets. */
    public boolean sameLayout(SessionState earlier, String layoutId) {
        return Objects.equals(layoutAndKind(layoutId), earlier.layoutAndKind(layoutId));
    }

    /** The same horizon, traffic multiplier, server limits and mapping limit as {@code earlier}. */
    public boolean sameSettings(SessionState earlier) {
        return settings.equals(earlier.settings) && Objects.equals(mappingLimit, earlier.mappingLimit);
    }

    /** The same traffic as {@code earlier}: the same sample shown and the same files bound. */
    public boolean sameTraffic(SessionState earlier) {
        return traffic.equals(earlier.traffic) && Objects.equals(samples(), earlier.samples());
    }

    private Object samples() {
        return workspace == null ? null : workspace.samples();
    }

    private Object layoutAndKind(String layoutId) {
        if (workspace == null || layoutId == null) {
            return null;
        }
        return workspace.layout(layoutId).map(l -> List.of(l, workspace.eventKind(l.eventKind()).map(Object.class::cast)
            .orElse("no event kind"), workspace.rollups(), workspace.targets())).orElse(null);
    }
}

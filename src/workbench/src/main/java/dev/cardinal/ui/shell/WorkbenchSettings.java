package dev.cardinal.ui.shell;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * What the workbench remembers between runs: the theme, the window's place and size, the split positions, the
 * horizon and the traffic multiplier; kept in a small file beside the recovery folder ({@link SettingsFile}).
 *
 * @param window     x, y, width, height of the window; null for the default place and size
 * @param maximized  whether the window was maximised
 * @param dividers   the main split's divider positions (explorer | centre | projection)
 * @param centre     the centre split's divider position (canvas above, problems and findings below)
 * @param horizon    the projection's horizon, as offered ("30d")
 * @param traffic    the traffic multiplier, as offered ("x1")
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkbenchSettings(int format, boolean darkTheme, List<Double> window, boolean maximized, List<Double> dividers,
                                List<Double> centre, String horizon, String traffic) {
    static final int FORMAT = 1;

    public WorkbenchSettings {
        window = window == null || window.size() != 4 ? null : List.copyOf(window);
        dividers = dividers == null ? List.of() : List.copyOf(dividers);
        centre = centre == null ? List.of() : List.copyOf(centre);
    }

    public static WorkbenchSettings defaults() {
        return new WorkbenchSettings(FORMAT, false, null, false, List.of(), List.of(), "30d", "x1");
    }

    public WorkbenchSettings withDarkTheme(boolean dark) {
        return new WorkbenchSettings(FORMAT, dark, window, maximized, dividers, centre, horizon, traffic);
    }

    public WorkbenchSettings withWindow(List<Double> place, boolean max) {
        return new WorkbenchSettings(FORMAT, darkTheme, place, max, dividers, centre, horizon, traffic);
    }

    public WorkbenchSettings withDividers(List<Double> main, List<Double> centreSplit) {
        return new WorkbenchSettings(FORMAT, darkTheme, window, maximized, main, centreSplit, horizon, traffic);
    }

    public WorkbenchSettings withProjection(String h, String t) {
        return new WorkbenchSettings(FORMAT, darkTheme, window, maximized, dividers, centre, h, t);
    }
}

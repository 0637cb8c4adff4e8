package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.Plan;
import dev.cardinal.model.UrlCredentials;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a migration will do on its server, read before anything is written but its probe: the shard-group windows and
 * the points each holds, the continuous queries that read the old measurement, and the target's measured pace (the
 * probe's, plus what recording a window in the state file costs where it lives). The command line and the
 * workbench's Migrate step both start from it, so both show the same plan and cost.
 *
 * @param pointsPerWindow the points of each window, in the order of {@code windows}
 */
public record V1MigrationSurvey(InfluxV1Migration migration, List<InfluxV1Migration.Window> windows, List<Long> pointsPerWindow,
                                List<String> continuousQueries, MigrationPace probe) {
    public V1MigrationSurvey {
        windows = List.copyOf(windows);
        pointsPerWindow = List.copyOf(pointsPerWindow);
        continuousQueries = List.copyOf(continuousQueries);
    }

    /**
     * Reads the windows and counts them, lists the continuous queries, and probes the pace with at most
     * {@code probePoints} points a window; {@code stateFile} is where the run will record its progress.
     */
    public static V1MigrationSurvey take(InfluxV1Client client, InfluxV1Migration m, long probePoints, Path stateFile)
        throws InfluxV1Exception, InterruptedException, IOException {
        List<InfluxV1Migration.Window> windows = m.windows(client);
        List<Long> perWindow = new ArrayList<>();
        for (InfluxV1Migration.Window w : windows) {
            perWindow.add(m.count(client, m.source(), w).points());
        }
        List<String> cqs = m.queriesReadingSource(client);
        MigrationPace probe = MigrationProbe.measure(client, m, windows, perWindow, probePoints)
            .plusPerWindow(MigrationState.secondsToRecord(stateFile));
        return new V1MigrationSurvey(m, windows, perWindow, cqs, probe);
    }

    /** Every point to rewrite. */
    public long points() {
        return pointsPerWindow.stream().mapToLong(Long::longValue).sum();
    }

    /** The plan on {@code client}'s server (its URL without credentials). */
    public Plan plan(InfluxV1Client client) {
        return new Plan(UrlCredentials.redacted(client.url()) + " database " + migration.source().database(),
            migration.steps(windows, continuousQueries));
    }
}

package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.Layout;
import java.io.IOException;
import java.util.List;

/**
 * The InfluxDB 3 probe of a migration's pace ({@link MigrationPace}): the probed windows and slices read and written
 * through the write API exactly as the run does, but into a table of the probe's own ({@link MigrationPace#probeName}),
 * each counted as the run counts a window; then that table deleted ({@code DELETE /api/v3/configure/table}). The probe
 * refuses to run when the table already exists, so it never deletes anything it did not write.
 */
final class V3MigrationProbe {
    private V3MigrationProbe() {
    }

    static MigrationPace measure(V3MigrationRun m, Layout from, Layout to, List<MigrationWindow> windows, List<Long> points, long wanted)
        throws IOException, InterruptedException {
        if (points.stream().noneMatch(p -> p > 0)) {
            return MigrationPace.NONE;
        }
        String name = MigrationPace.probeName(m.rewrite().into());
        V3MigrationRun probe = new V3MigrationRun(m.server(), from, to, name, V3MigrationRun.BATCH_LINES);
        if (probe.intoExists()) {
            throw new IOException("the probe's table '" + name + "' already exists in database " + m.server().database()
                + ": the probe writes only into a table of its own");
        }
        try {
            return MigrationPace.probe(windows, points, wanted, probe::copyAndCount);
        } finally {
            // a stop (an interrupt) must not keep the probe's table: the delete runs uninterrupted, the stop is kept
            boolean interrupted = Thread.interrupted();
            try {
                if (probe.intoExists()) {
                    m.server().deleteTable(name);
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}

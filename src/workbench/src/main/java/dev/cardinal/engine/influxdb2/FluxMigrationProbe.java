package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.Layout;
import java.io.IOException;
import java.util.List;

/**
 * The 2.x probe of a migration's pace ({@link MigrationPace}): the probed windows and slices rewritten by the run's
 * own Flux script, but into a measurement of the probe's own in the bucket written ({@link MigrationPace#probeName}),
 * each counted as the run counts a window; then its points deleted with {@code POST /api/v2/delete} and the predicate
 * {@code _measurement="NAME"} over the windows' span. The probe refuses to run when that measurement already holds
 * points, so it never deletes anything it did not write.
 */
final class FluxMigrationProbe {
    private FluxMigrationProbe() {
    }

    static MigrationPace measure(FluxHttp http, FluxMigrationRun m, Layout from, Layout to, List<MigrationWindow> windows,
                                 List<Long> points, long wanted) throws IOException, InterruptedException {
        if (points.stream().noneMatch(p -> p > 0)) {
            return MigrationPace.NONE;
        }
        String name = MigrationPace.probeName(m.into());
        FluxMigrationRun probe = new FluxMigrationRun(http, m.bucket(), from, m.intoBucket(), to, name);
        MigrationWindow all = new MigrationWindow(windows.get(0).start(), windows.get(windows.size() - 1).stop());
        if (probe.copied(all) > 0) {
            throw new IOException("the probe's measurement '" + name + "' already holds points in " + m.intoBucket()
                + ": the probe writes only into a measurement of its own");
        }
        try {
            return MigrationPace.probe(windows, points, wanted, slice -> {
                http.run(probe.script(slice));
                long n = probe.points(slice);
                probe.copied(slice);
                return n;
            });
        } finally {
            // a stop (an interrupt) must not keep the probe's points: the delete runs uninterrupted, the stop is kept
            boolean interrupted = Thread.interrupted();
            try {
                http.delete(m.intoBucket(), all.start(), all.stop(), "_measurement=\"" + name + "\"");
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}

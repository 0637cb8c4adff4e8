package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.MigrationPace;
import dev.cardinal.engine.MigrationWindow;
import java.io.IOException;
import java.util.List;

/**
 * The 1.x probe of a migration's pace ({@link MigrationPace}): the probed windows and slices rewritten with the run's
 * own {@code SELECT INTO} into a measurement of the probe's own ({@code <into>_cardinal_probe}), counted as the run
 * counts a window, and the measurement dropped again. The probe refuses to run when its measurement already holds
 * points, so it never drops anything it did not write.
 */
final class MigrationProbe {
    static final String SUFFIX = "_cardinal_probe";

    private MigrationProbe() {
    }

    /** Measures {@code migration}'s pace on some of its {@code windows}, whose points are {@code points} (same order). */
    static MigrationPace measure(InfluxV1Client client, InfluxV1Migration migration, List<InfluxV1Migration.Window> windows,
                                 List<Long> points, long wanted) throws IOException, InterruptedException {
        if (points.stream().noneMatch(p -> p > 0)) {
            return MigrationPace.NONE;
        }
        InfluxV1Migration.Place into = migration.into();
        InfluxV1Migration probe = new InfluxV1Migration(migration.source(),
            new InfluxV1Migration.Place(into.database(), into.retentionPolicy(), into.measurement() + SUFFIX), migration.mapping());
        InfluxV1Migration.Window all = new InfluxV1Migration.Window(windows.get(0).startNs(), windows.get(windows.size() - 1).endNs());
        if (probe.count(client, probe.into(), all).points() > 0) {
            throw new InfluxV1Exception(InfluxV1Exception.Kind.OTHER, 0, "the probe's measurement '" + probe.into().measurement()
                + "' already holds points: the probe writes only into a measurement of its own", null, -1, null);
        }
        try {
            return MigrationPace.probe(windows.stream().map(MigrationProbe::window).toList(), points, wanted, slice -> {
                InfluxV1Migration.Window w = new InfluxV1Migration.Window(slice.startNanos(), MigrationWindow.nanos(slice.stop()));
                client.query(probe.selectInto(w), probe.into().database());
                long n = probe.count(client, probe.source(), w).points();
                probe.count(client, probe.into(), w);
                return n;
            });
        } finally {
            // a stop (an interrupt) must not keep the probe's points: the drop runs uninterrupted, the stop is kept
            boolean interrupted = Thread.interrupted();
            try {
                client.query("DROP MEASUREMENT " + InfluxQl.identifier(probe.into().measurement()), into.database());
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    static MigrationWindow window(InfluxV1Migration.Window w) {
        return new MigrationWindow(MigrationWindow.instant(w.startNs()), MigrationWindow.instant(w.endNs()));
    }
}

package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.model.Target;
import java.util.Set;

/**
 * Migrations on InfluxDB 1.x through InfluxQL: one {@code SELECT ... INTO} per shard group ({@link InfluxV1Migration}),
 * costed by a probe ({@link MigrationProbe}), run and resumed by {@link MigrationRun}; the old measurement dropped
 * only when named.
 */
public final class InfluxV1Migrating implements Migrating {
    private static final Offers OFFERS = new Offers(true, true, true, "measurement", InfluxV1Pushing.LOGINS);

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.INFLUXDB_1);
    }

    @Override
    public Offers offers() {
        return OFFERS;
    }

    @Override
    public Migration open(MigrationRequest r) {
        if (r.server().database() == null || r.server().database().isBlank()) {
            throw new IllegalArgumentException("InfluxDB 1.x needs the database that holds the live data");
        }
        InfluxV1Migration m = InfluxV1Migration.between(r.server().database(), r.from(), r.to(), r.readPolicy(), r.into(), r.intoPolicy());
        return new V1Migration(r, m, InfluxV1Pushing.client(r.server()));
    }
}

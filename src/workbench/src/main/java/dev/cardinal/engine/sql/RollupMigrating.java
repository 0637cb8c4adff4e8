package dev.cardinal.engine.sql;

import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.model.Target;
import java.util.Set;

/**
 * The relational side of a migration on MariaDB and PostgreSQL: the rollups' summary tables for the new layout
 * ({@link RollupMigration}), kept, created, or rebuilt beside the old table when their keys change, filled from the
 * sample; a rebuilt table's old one dropped only when named. Its cost is the rows each table is rebuilt with.
 */
public final class RollupMigrating implements Migrating {
    private static final Offers OFFERS = new Offers(false, false, true, "table", RelationalPushing.LOGINS);

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.MARIADB, Target.Kind.POSTGRESQL);
    }

    @Override
    public Offers offers() {
        return OFFERS;
    }

    @Override
    public Migration open(MigrationRequest r) {
        if (r.readPolicy() != null || r.intoPolicy() != null || r.into() != null) {
            throw new IllegalArgumentException("the rollup tables are named by the workspace's rollups: no retention policy, no copy's name");
        }
        RelationalPushing pushing = new RelationalPushing();
        pushing.urlProblem(r.server().url()).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return new SqlMigration(r, pushing);
    }
}

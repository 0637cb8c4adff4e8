package dev.cardinal.engine.sql;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.QueryWriter;
import java.util.Optional;
import java.util.Set;

/** The MariaDB and PostgreSQL rollups engine as the seam lists it. */
public final class Relational implements Engine {
    private final CodeGenerator code = new RelationalCode();
    private final dev.cardinal.engine.Pushing pushing = new RelationalPushing();

    /** The rollups' summary tables rebuilt for the new layout's keys. */
    @Override
    public Optional<dev.cardinal.engine.Migrating> migrating() {
        return Optional.of(new RollupMigrating());
    }

    @Override
    public Optional<dev.cardinal.engine.Pushing> pushing() {
        return Optional.of(pushing);
    }

    @Override
    public String name() {
        return "sql";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("mariadb", "postgresql");
    }

    @Override
    public String title() {
        return "MariaDB and PostgreSQL rollups";
    }

    @Override
    public Optional<QueryWriter.Offered> queries() {
        return Optional.of(new QueryWriter.Offered(new RollupQuestions(), QueryWriter.Place.BEFORE));
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}

package dev.cardinal.engine.sql;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import java.util.Optional;
import java.util.Set;

/** The MariaDB and PostgreSQL rollups engine as the seam lists it. */
public final class Relational implements Engine {
    private final CodeGenerator code = new RelationalCode();

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
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}

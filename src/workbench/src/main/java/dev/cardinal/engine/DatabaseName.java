package dev.cardinal.engine;

import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SchemaInference;

/** The database generated code and example queries name: the workspace's InfluxDB 1.x target's, else its name. */
public final class DatabaseName {
    private DatabaseName() {
    }

    public static String of(Workspace ws) {
        return ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_1 && t.database() != null)
            .map(Target::database).findFirst().orElse(SchemaInference.slug(ws.name()).replace('-', '_'));
    }
}

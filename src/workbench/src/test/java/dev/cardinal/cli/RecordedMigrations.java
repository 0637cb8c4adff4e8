package dev.cardinal.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code cardinal migrate} of the ad marketplace from {@code ids-as-tags} to {@code ids-as-fields} on a server of
 * recorded answers ({@code RecordedInfluxV2}, {@code RecordedInfluxV3}, both on {@code RecordedHttp}), the token in
 * {@code $INFLUX_TOKEN}: what the migrations to engines that cannot run here are checked with.
 */
final class RecordedMigrations {
    static final String WS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private RecordedMigrations() {
    }

    /**
     * @param where the target: {@code --kind}, {@code --url}, {@code --database} and what else the engine takes
     * @param more  further options ({@code --execute})
     */
    static CliRun migrate(String token, List<String> where, String... more) {
        MigrateCommand command = new MigrateCommand();
        command.secrets = new Secrets(Map.of("INFLUX_TOKEN", token), null);
        List<String> args = new ArrayList<>(List.of(WS, "--from", "ids-as-tags", "--to", "ids-as-fields"));
        args.addAll(where);
        args.addAll(List.of(more));
        return CliRun.ofCommand(command, args.toArray(String[]::new));
    }
}

package dev.cardinal.cli;

import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;

/** {@code cardinal plan W.cardinal.json --url URL --database DB}: what apply would do, statement by statement. */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Read a server's live state and show what apply would do for the layouts, statement by statement: "
        + "create, alter, replace, unchanged, and conflicts that will make writes fail. Changes nothing."
        + "%nExit codes: 0 nothing in the way, 1 conflicts or destructive steps to allow, 2 bad usage, 3 failure.")
final class PlanCommand extends PushCommand {

    @Override
    String name() {
        return "plan";
    }

    @Override
    int run(Workspace ws, List<Layout> layouts, Resolved where, boolean json) throws IOException, InterruptedException {
        Plan plan;
        com.fasterxml.jackson.databind.node.ObjectNode server;
        try (PushTarget t = connect(where, ws)) {
            server = server(t, where, json);
            plan = t.plan(ws, layouts);
        } catch (IOException | IllegalArgumentException e) {
            err().println("cardinal plan: " + e.getMessage());
            return FAILED;
        }
        if (json) {
            com.fasterxml.jackson.databind.node.ObjectNode root = json(plan);
            if (server != null) {
                root.set("server", server);
            }
            out().println(text(root));
        } else {
            out().print(plan.text());
            out().flush();
        }
        return plan.conflicts().isEmpty() && plan.blocked(Set.of()).isEmpty() ? OK : FINDINGS;
    }
}

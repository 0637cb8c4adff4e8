package dev.cardinal.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A change under review for the tests of comparing with a git revision: the ad marketplace workspace and its traffic
 * committed in a fresh repository, then edited on disk so that ids-as-fields indexes user_id again.
 */
public final class ReviewedChange {
    private ReviewedChange() {
    }

    /** Makes the repository in {@code dir}; returns the edited workspace file, {@code dir/ads.cardinal.json}. */
    public static Path make(Path dir) throws Exception {
        Path ws = dir.resolve("ads.cardinal.json");
        Files.copy(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"), ws);
        Files.copy(Path.of("sample-data/ad-marketplace/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        git(dir, "init", "-q");
        git(dir, "add", ".");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-q", "-m", "the marketplace as designed");
        Workspace designed = WorkspaceFiles.load(ws).workspace();
        WorkspaceFiles.save(ws, designed.withLayout(designed.layout("ids-as-fields").orElseThrow().withRole("user_id", Role.TAG)));
        return ws;
    }

    /** Runs git in {@code dir}; fails the test with git's output when it fails. */
    public static void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
    }
}

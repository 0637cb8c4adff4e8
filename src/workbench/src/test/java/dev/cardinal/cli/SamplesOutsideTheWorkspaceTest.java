package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A workspace that binds sample files outside its own folder (an absolute path, {@code ../..}, a link out of it) is
 * refused by every command that would read them, with the files named, until {@code --allow-outside} says so: a
 * workspace from someone else must not make Cardinal read, show or push {@code /etc/passwd}.
 */
class SamplesOutsideTheWorkspaceTest {
    private static final Path WEATHER = Path.of("sample-data/weather");

    /** The weather workspace in {@code dir/ws}, its traffic bound from {@code path} as given. */
    private static Path workspaceReading(Path dir, String path) throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Workspace w = WorkspaceFiles.load(WEATHER.resolve("weather.cardinal.json")).workspace();
        SampleBinding b = w.samples().get(0);
        List<SampleBinding> samples = List.of(new SampleBinding(b.id(), path, b.format(), b.eventKind(), b.precision(),
            b.timeColumn(), b.timeFormat(), b.tagColumns()));
        Path file = ws.resolve("w.cardinal.json");
        WorkspaceFiles.save(file, new Workspace(w.name(), w.eventKinds(), w.layouts(), samples, w.rollups(), w.targets(), w.canvas()));
        return file;
    }

    /** Traffic outside the workspace's folder, reached three ways. */
    static Stream<Arguments> ways() {
        return Stream.of(Arguments.of("absolute"), Arguments.of("dotdot"), Arguments.of("link"));
    }

    private static Path bound(Path dir, String way) throws Exception {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Path traffic = Files.copy(WEATHER.resolve("traffic.lp.gz"), outside.resolve("secret.lp.gz"));
        return switch (way) {
            case "absolute" -> workspaceReading(dir, traffic.toAbsolutePath().toString());
            case "dotdot" -> workspaceReading(dir, "../elsewhere/secret.lp.gz");
            default -> {
                Path file = workspaceReading(dir, "traffic.lp.gz");
                Files.createSymbolicLink(file.resolveSibling("traffic.lp.gz"), traffic.toAbsolutePath());
                yield file;
            }
        };
    }

    /** Every command that reads a workspace's bound samples, with what else it needs. */
    private static List<String[]> commands(Path file, Path dir) {
        String f = file.toString();
        return List.of(new String[] {"lint", f}, new String[] {"analyze", "--workspace", f},
            new String[] {"generate", f, "-o", dir.resolve("out").toString()},
            new String[] {"compare", f, "--a", "three-tags", "--b", "data-in-measurement"},
            new String[] {"apply", f, "--url", "http://127.0.0.1:1", "--database", "w", "--write-sample", "--yes"},
            new String[] {"plan", f, "--url", "jdbc:postgresql://127.0.0.1:1/test", "--database", "w"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void everyCommandRefusesUntilAllowed(String way, @TempDir Path dir) throws Exception {
        Path file = bound(dir, way);
        for (String[] args : commands(file, dir)) {
            CliRun r = CliRun.of(args);
            assertEquals(2, r.code(), String.join(" ", args) + "\n" + r.err());
            assertTrue(r.err().contains("reads sample files outside its folder") && r.err().contains("secret.lp.gz")
                && r.err().contains("give --allow-outside"), r.err());
            assertFalse(Files.exists(dir.resolve("out")), "generate wrote before refusing");
        }
        // allowed, the commands read the traffic (apply and plan then fail to reach their made-up servers, as they should)
        CliRun lint = CliRun.of("lint", file.toString(), "--allow-outside");
        assertTrue(lint.code() == 0 || lint.code() == 1, lint.err());
        assertTrue(lint.err().contains("warning: ") && lint.err().contains("as --allow-outside says"), lint.err());
        List<String> allowed = new ArrayList<>(List.of(commands(file, dir).get(1)));
        allowed.add("--allow-outside");
        CliRun analyze = CliRun.of(allowed.toArray(new String[0]));
        assertEquals(0, analyze.code(), analyze.err());
        assertTrue(analyze.out().contains("series"), analyze.out());
    }

    @Test
    void samplesInsideTheFolderNeedNothing(@TempDir Path dir) throws Exception {
        Path file = workspaceReading(dir, "data/traffic.lp.gz");
        Files.createDirectories(file.resolveSibling("data"));
        Files.copy(WEATHER.resolve("traffic.lp.gz"), file.resolveSibling("data/traffic.lp.gz"));
        assertEquals(List.of(), OutsideSample.of(file, WorkspaceFiles.load(file).workspace()));
        CliRun r = CliRun.of("analyze", "--workspace", file.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("outside"), r.err());
    }
}

package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names from traffic and from a workspace that hold terminal controls (clear the screen, set the window title, hide
 * text, move the cursor back, reverse the line) reach every command's text only as visible escapes.
 */
class HostileNamesOnTheTerminalTest {
    /** ESC [2J clears the screen, OSC 0 sets the title up to BEL, CSI 8m hides text, 0x9B is the C1 CSI. */
    private static final String CLEAR = "\u001b[2J";
    private static final String TITLE = "\u001b]0;pwned\u0007";
    private static final String HIDE = "\u009b8m";
    private static final String BACK = "\r\b\u202e";

    @Test
    void trafficNamesReachAnalyzeInferLintAndGenerateAsEscapes(@TempDir Path dir) throws Exception {
        Path lp = dir.resolve("hostile.lp");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            sb.append("cpu").append(CLEAR).append(",host").append(TITLE).append("=h").append(i).append(HIDE)
                .append(",region=eu").append(BACK).append(" value").append(HIDE).append("=").append(i)
                .append(",note=\"x\" ").append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        sb.append("bad").append(CLEAR).append(" line with").append(TITLE).append(" no fields\n");
        Files.writeString(lp, sb);
        Path ws = dir.resolve("hostile.cardinal.json");

        List<CliRun> runs = new ArrayList<>();
        runs.add(runAndCheck("analyze", lp.toString()));
        runs.add(runAndCheck("infer", lp.toString(), "-o", ws.toString()));
        runs.add(runAndCheck("lint", ws.toString()));
        runs.add(runAndCheck("generate", ws.toString(), "-o", dir.resolve("gen").toString()));
        String all = runs.stream().map(r -> r.out() + r.err()).reduce("", String::concat);
        assertTrue(all.contains("cpu\\u001b[2J"), all);
        assertTrue(all.contains("\\u001b]0;pwned\\u0007"), all);
        assertTrue(all.contains("\\u009b8m"), all);
    }

    @Test
    void aHostileWorkspaceReachesLintAndCompareAsEscapes(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json").toFile());
        root.put("name", "ads" + TITLE);
        root.withArray("layouts").forEach(l -> ((ObjectNode) l).put("id", l.get("id").asText() + CLEAR + HIDE + BACK)
            .put("name", l.get("name").asText() + TITLE));
        root.withArray("rollups").forEach(r -> ((ObjectNode) r).put("name", "daily" + TITLE)
            .put("layout", r.get("layout").asText() + CLEAR + HIDE + BACK));
        root.withArray("targets").forEach(t -> ((ObjectNode) t).put("name", "local" + CLEAR));
        Path ws = dir.resolve("ads.cardinal.json");
        for (var s : root.withArray("samples")) {
            Files.copy(Path.of("sample-data/ad-marketplace").resolve(s.get("path").asText()), dir.resolve(s.get("path").asText()));
        }
        json.writeValue(ws.toFile(), root);

        CliRun lint = runAndCheck("lint", ws.toString());
        assertTrue(lint.out().contains("\\u001b[2J"), lint.out());
        CliRun compare = runAndCheck("compare", ws.toString(), "--a", "ids-as-tags" + TITLE, "--b", "ids-as-fields" + TITLE);
        assertEquals(0, compare.code(), compare.err());
        assertTrue(compare.out().contains("\\u001b]0;pwned"), compare.out());
    }

    @Test
    void jsonStaysValidAndEqual() throws Exception {
        StringWriter to = new StringWriter();
        PrintWriter w = TerminalText.writer(new PrintWriter(to));
        String name = "a" + HIDE + "\u202eb\udb40\udc01c";
        w.print(new ObjectMapper().writeValueAsString(List.of(name)));
        w.flush();
        assertFalse(hasControl(to.toString()), to.toString());
        assertEquals(List.of(name), new ObjectMapper().readValue(to.toString(), List.class));
    }

    @Test
    void aSurrogatePairSplitAcrossWritesIsStillSeen() {
        StringWriter to = new StringWriter();
        PrintWriter w = TerminalText.writer(new PrintWriter(to));
        w.print('\udb40');
        w.print("\udc01x\n\t");
        w.flush();
        assertEquals("\\udb40\\udc01x\n\t", to.toString());
        assertEquals("a\\nb\\tc\\r\\u001b", TerminalText.inert("a\nb\tc\r\u001b"));
    }

    private static CliRun runAndCheck(String... args) {
        CliRun r = CliRun.of(args);
        assertTrue(r.code() == 0 || r.code() == 1 || r.code() == 3, args[0] + " exited " + r.code() + ": " + r.err());
        assertFalse(hasControl(r.out()), args[0] + " printed a raw control to stdout: " + r.out());
        assertFalse(hasControl(r.err()), args[0] + " printed a raw control to stderr: " + r.err());
        return r;
    }

    /** Any character a terminal would act on or hide, other than the line feed and tab of a report's layout. */
    private static boolean hasControl(String s) {
        return s.codePoints().anyMatch(c -> c != '\n' && c != '\t'
            && (Character.getType(c) == Character.CONTROL || Character.getType(c) == Character.FORMAT));
    }
}

package dev.cardinal.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens a local page in the OS package's headless Chromium, takes a screenshot, and reports what the page wrote to
 * its console and which network requests it made (from Chromium's net log: requests whose isolation key is the
 * page's file:// site, so Chromium's own background traffic does not count).
 */
public final class HeadlessChromium {
    /** What the page did. */
    public record Visit(List<String> console, List<String> requests, Path screenshot) {
    }

    private HeadlessChromium() {
    }

    public static Path require() {
        Optional<Path> found = List.of("chromium", "chromium-browser").stream()
            .flatMap(n -> java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .map(d -> Path.of(d, n)))
            .filter(Files::isExecutable).findFirst();
        if (found.isPresent()) {
            return found.get();
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("chromium is not on the PATH; .ci/run should have installed the chromium package");
        }
        assumeTrue(false, "chromium is not on the PATH (install the chromium package)");
        return null;
    }

    public static Visit open(Path page, Path screenshot, Path work) throws IOException, InterruptedException {
        Path chromium = require();
        Path netLog = work.resolve("net-log.json");
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        List<String> cmd = List.of(chromium.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-default-apps", "--user-data-dir=" + work.resolve("profile"),
            "--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog, "--window-size=1200,1800",
            "--screenshot=" + screenshot.toAbsolutePath(), page.toAbsolutePath().toUri().toString());
        Path stderr = work.resolve("chromium.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(stderr.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish within 90 s");
        }
        List<String> console = Files.readAllLines(stderr, StandardCharsets.UTF_8).stream().filter(l -> l.contains(":CONSOLE")).toList();
        return new Visit(console, pageRequests(netLog), screenshot);
    }

    private static List<String> pageRequests(Path netLog) throws IOException {
        JsonNode log = new ObjectMapper().readTree(netLog.toFile());
        Map<Integer, String> types = new HashMap<>();
        log.path("constants").path("logEventTypes").fields().forEachRemaining(e -> types.put(e.getValue().asInt(), e.getKey()));
        List<String> out = new ArrayList<>();
        for (JsonNode e : log.path("events")) {
            JsonNode params = e.path("params");
            if ("URL_REQUEST_START_JOB".equals(types.get(e.path("type").asInt()))
                && params.path("network_isolation_key").asText().startsWith("file://")
                && !params.path("url").asText().startsWith("file:")) {
                out.add(params.path("url").asText());
            }
        }
        return out;
    }
}

package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.sql.Engines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The official Flux language service (npm {@code @influxdata/flux-lsp-browser} 0.8.40, pinned by
 * {@code src/test/flux/package-lock.json}) run by {@code src/test/flux/check-flux.mjs} under Node: it parses and
 * type-checks Flux. Installed with {@code npm ci} into {@code target/flux-lsp} on first use. What it does and does
 * not reject is recorded in {@code src/test/flux/RESULTS.md}.
 */
public final class FluxLanguageService {
    private static final Path SOURCE = Path.of("src", "workbench", "src", "test", "flux");
    private static final Path INSTALL = Path.of("target", "flux-lsp");

    /** One verdict per file, in order: the JSON line the checker printed. */
    public record Result(int exitCode, List<String> lines, String err) {
        /** Whether file {@code i} was accepted. */
        public boolean valid(int i) {
            return node(i).path("valid").asBoolean();
        }

        /** The imports and top-level statements of file {@code i} as the Flux parser reads them. */
        public int statements(int i) {
            return node(i).path("statements").asInt(-1);
        }

        private com.fasterxml.jackson.databind.JsonNode node(int i) {
            try {
                return new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(i));
            } catch (IOException e) {
                throw new IllegalStateException("the Flux checker printed " + lines.get(i), e);
            }
        }
    }

    private FluxLanguageService() {
    }

    static synchronized void install() throws IOException, InterruptedException {
        Engines.npmCi(SOURCE, INSTALL, "@influxdata/flux-lsp-browser");
    }

    public static Result check(List<Path> files) throws IOException, InterruptedException {
        install();
        List<String> cmd = new ArrayList<>(List.of("node", SOURCE.resolve("check-flux.mjs").toString()));
        files.forEach(f -> cmd.add(f.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("FLUX_LSP_MODULES", INSTALL.resolve("node_modules").toAbsolutePath().toString());
        Engines.Output o = Engines.run(pb, null, 300);
        return new Result(o.exit(), o.out().lines().toList(), o.err());
    }
}

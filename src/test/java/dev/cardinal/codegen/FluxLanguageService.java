package dev.cardinal.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The official Flux language service (npm {@code @influxdata/flux-lsp-browser} 0.8.40, pinned by
 * {@code src/test/flux/package-lock.json}) run by {@code src/test/flux/check-flux.mjs} under Node: it parses and
 * type-checks Flux. Installed with {@code npm ci} into {@code target/flux-lsp} on first use. What it does and does
 * not reject is recorded in {@code src/test/flux/RESULTS.md}.
 */
final class FluxLanguageService {
    private static final Path SOURCE = Path.of("src", "test", "flux");
    private static final Path INSTALL = Path.of("target", "flux-lsp");

    /** One verdict per file, in order: the JSON line the checker printed. */
    record Result(int exitCode, List<String> lines, String err) {
    }

    private FluxLanguageService() {
    }

    static synchronized void install() throws IOException, InterruptedException {
        if (Files.isDirectory(INSTALL.resolve("node_modules/@influxdata/flux-lsp-browser"))) {
            return;
        }
        Files.createDirectories(INSTALL);
        Files.copy(SOURCE.resolve("package.json"), INSTALL.resolve("package.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(SOURCE.resolve("package-lock.json"), INSTALL.resolve("package-lock.json"),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(INSTALL.toFile())
            .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("npm ci for the Flux language service failed:\n" + out);
        }
    }

    static Result check(List<Path> files) throws IOException, InterruptedException {
        install();
        List<String> cmd = new ArrayList<>(List.of("node", SOURCE.resolve("check-flux.mjs").toString()));
        files.forEach(f -> cmd.add(f.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("FLUX_LSP_MODULES", INSTALL.resolve("node_modules").toAbsolutePath().toString());
        Process p = pb.start();
        byte[] err = p.getErrorStream().readAllBytes();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the Flux checker did not finish in 120 s");
        }
        return new Result(p.exitValue(), out.lines().toList(), new String(err, StandardCharsets.UTF_8));
    }
}

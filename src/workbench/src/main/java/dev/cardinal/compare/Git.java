package dev.cardinal.compare;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** The {@code git} command, run as a child process in a folder, for {@link Revisions}. */
final class Git {
    private static final long TIMEOUT_SECONDS = 30;

    private Git() {
    }

    /** Runs git in {@code dir} and returns its output; a failure carries git's own message. */
    static byte[] run(Path dir, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        } catch (IOException e) {
            throw new IOException("cannot run git (is it installed and on the PATH?): " + e.getMessage(), e);
        }
        p.getOutputStream().close();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            byte[] stdout = out.get();
            String stderr = new String(err.get(), StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw new IOException("git " + String.join(" ", args) + " in " + dir + ": "
                    + (stderr.isEmpty() ? "exit code " + p.exitValue() : stderr.lines().findFirst().orElse(stderr)));
            }
            return stdout;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while git ran", e);
        } catch (ExecutionException e) {
            throw new IOException("cannot read git's output: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static byte[] drain(InputStream in) {
        try (in; ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
            in.transferTo(bytes);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

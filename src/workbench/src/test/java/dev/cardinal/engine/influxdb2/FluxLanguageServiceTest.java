package dev.cardinal.engine.influxdb2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The checker that generated Flux will go through is itself checked: known-good scripts pass, and syntax errors,
 * unknown functions, undefined identifiers and wrong argument types are rejected with the service's message.
 */
class FluxLanguageServiceTest {

    private static List<Path> flux(String dir) throws Exception {
        try (Stream<Path> s = Files.list(Path.of("src/workbench/src/test/flux/examples", dir))) {
            return s.filter(p -> p.toString().endsWith(".flux")).sorted().toList();
        }
    }

    @Test
    void validScriptsPass() throws Exception {
        List<Path> valid = flux("valid");
        valid = Stream.concat(valid.stream(), flux("quoting").stream().filter(p -> p.getFileName().toString().startsWith("ok-"))).toList();
        FluxLanguageService.Result r = FluxLanguageService.check(valid);
        assertEquals(0, r.exitCode(), r.lines() + r.err());
        assertEquals(valid.size(), r.lines().size());
        r.lines().forEach(l -> assertTrue(l.contains("\"valid\":true"), l));
    }

    @Test
    void errorsAreRejectedWithTheServicesMessage() throws Exception {
        for (Path p : flux("invalid")) {
            FluxLanguageService.Result r = FluxLanguageService.check(List.of(p));
            assertEquals(1, r.exitCode(), p + ": " + r.lines() + r.err());
            assertTrue(r.lines().get(0).contains("\"valid\":false") && r.lines().get(0).contains("\"message\""), r.lines().get(0));
        }
        FluxLanguageService.Result unknown = FluxLanguageService.check(List.of(Path.of("src/workbench/src/test/flux/examples/invalid/unknown-function.flux")));
        assertTrue(unknown.lines().get(0).contains("undefined identifier fromm"), unknown.lines().get(0));
    }
}

package dev.cardinal.cli;

import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Traffic summaries made by the real {@code cardinal-summarize} job in Spark local mode, checked in under
 * {@code src/core/src/test/resources/summaries/} so that the core's tests read summaries without Spark: one per sample scenario
 * of {@link #ROWS} rows, and the two halves (in line order, which is time order) of the ad marketplace's. The traffic
 * they summarize is written again by {@link #scenario} (the generator is seeded, and {@code cardinal sample-data}, which
 * wrote it for the job, calls the same code); traffic that differed would show as counts that differ in every test.
 * {@code src/core/src/test/resources/summaries/make.sh} remakes them (it needs the Spark module built; see the script).
 */
final class SummaryFixtures {
    static final long ROWS = 20_000;
    private static final Path DIR = Path.of("src", "core", "src", "test", "resources", "summaries");

    private SummaryFixtures() {
    }

    /** The summary of scenario {@code name}'s {@link #ROWS} rows, or of one half: {@code ad-marketplace-first-half}. */
    static Path summary(String name) {
        Path f = DIR.resolve(name + dev.cardinal.traffic.TrafficSummary.EXTENSION);
        if (!Files.isRegularFile(f)) {
            throw new IllegalStateException(f + " is missing: make it with " + DIR.resolve("make.sh"));
        }
        return f;
    }

    /** Every field of {@code summary}, at any depth, equals {@code rows}'s field at that place. */
    static void contained(String at, com.fasterxml.jackson.databind.JsonNode summary, com.fasterxml.jackson.databind.JsonNode rows) {
        if (summary.isObject()) {
            for (java.util.Iterator<String> it = summary.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                org.junit.jupiter.api.Assertions.assertTrue(rows.has(field), at + "." + field + ": in the summary's report only");
                contained(at + "." + field, summary.get(field), rows.get(field));
            }
        } else {
            org.junit.jupiter.api.Assertions.assertEquals(rows, summary, at);
        }
    }

    /** True when the JSON {@code finding} is about a subject its rule lists in the JSON {@code notChecked}. */
    static boolean notChecked(com.fasterxml.jackson.databind.JsonNode notChecked, com.fasterxml.jackson.databind.JsonNode finding) {
        for (com.fasterxml.jackson.databind.JsonNode u : notChecked) {
            if (u.get("rule").equals(finding.get("rule")) && u.get("layout").equals(finding.get("layout"))) {
                for (com.fasterxml.jackson.databind.JsonNode subject : u.get("subjects")) {
                    if (subject.equals(finding.get("subject"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The ad marketplace's workspace in {@code file} with its layout ids-as-tags two toggles away (session_id and
     * user_id made fields), which its summary does not cover, saved as {@code dir/name}.
     */
    static Path twoTogglesAway(Path file, Path dir, String name) throws IOException {
        try {
            var w = dev.cardinal.model.WorkspaceFiles.load(file).workspace();
            var ids = w.layout("ids-as-tags").orElseThrow();
            Path out = dir.resolve(name);
            dev.cardinal.model.WorkspaceFiles.save(out, w.withLayout(ids.withRole("session_id", dev.cardinal.model.Role.FIELD)
                .withRole("user_id", dev.cardinal.model.Role.FIELD)));
            return out;
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes scenario {@code name} (workspace and the {@link #ROWS} rows summarized) under {@code dir}; the workspace file. */
    static Path scenario(String name, Path dir) throws IOException {
        return Scenarios.write(name, dir.resolve(name), ROWS);
    }
}

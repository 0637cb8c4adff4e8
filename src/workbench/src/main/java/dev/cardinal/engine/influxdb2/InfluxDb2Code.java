package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.traffic.SchemaInference;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * InfluxDB 2.x and Cloud's generated code: bucket commands, example Flux, the writers (influxdb-client-java and
 * -js), the line protocol shape, the Cloud bucket schema; and, after every engine's layout code, a Flux task per rollup.
 */
public final class InfluxDb2Code implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        Layout l = r.layout();
        String base = r.stem();
        FluxGenerator.Output flux = FluxGenerator.generate(r.workspace(), l, r.database(), r.organisation(), r.sample());
        out.attempt("bucket commands for " + l.id(), () -> out.put(base + ".buckets.sh", "#!/bin/sh\n"
            + Language.SHELL.comment("the InfluxDB 2.x buckets of layout " + l.id()) + "\nset -e\n"
            + String.join("\n", flux.bucketCommands()) + "\n", "`influx bucket create` commands (organisation " + r.organisation() + ").",
            Language.SHELL));
        StringBuilder examples = new StringBuilder();
        flux.examples().forEach(e -> examples.append(Language.FLUX.comment(e.purpose())).append('\n').append(e.flux()).append('\n'));
        if (!examples.isEmpty()) {
            out.put(base + ".examples.flux", examples.toString(), "example Flux queries.", Language.FLUX);
        }

        String className = WriterSnippets.javaClassName(l.id()) + "Writer";
        out.put(className + ".java", WriterSnippets.java(r.kind(), l, className), "the writer in Java (influxdb-client-java `Point`).",
            Language.JAVA);
        out.put(base + ".writer.js", WriterSnippets.javascript(r.kind(), l,
            Character.toLowerCase(className.charAt(0)) + className.substring(1).replace("Writer", "Point")),
            "the writer in JavaScript (`@influxdata/influxdb-client`).", Language.JAVASCRIPT);
        out.put(base + ".lp", WriterSnippets.lineProtocol(r.kind(), l),
            "the line protocol shape: which attributes are tags, which fields, with their types.", Language.LINE_PROTOCOL);
        if (SchemaFiles.unlistable(l) == null) {
            out.put(base + ".bucket-schema.json", BucketSchema.columns(r.kind(), l),
                "InfluxDB Cloud explicit bucket schema: `influx bucket-schema create --columns-file " + base + ".bucket-schema.json`.",
                Language.JSON);
        }
    }

    @Override
    public void rollupCode(CodeRequest r, Artefacts out) {
        FluxGenerator.Output flux = FluxGenerator.generate(r.workspace(), r.layout(), r.database(), r.organisation(), r.sample());
        for (FluxGenerator.Script task : flux.tasks()) {
            String name = taskFile(task, r.workspace().rollups(), r.rollupStems());
            out.put(name, Language.FLUX.comment(task.purpose()) + "\n" + task.flux(),
                "a Flux task (InfluxDB 2.x / Cloud): `influx task create --file " + name + "`.", Language.FLUX);
        }
    }

    /** A rollup's task is named after the rollup ({@code ID.flux}, {@code ID.ENGINE.flux}): its file, after the rollup's stem. */
    private static String taskFile(FluxGenerator.Script task, List<Rollup> rollups, Map<String, String> stems) {
        String name = task.name().replace(".flux", "");
        Rollup of = rollups.stream().filter(r -> name.equals(r.id()) || name.startsWith(r.id() + "."))
            .max(Comparator.comparingInt(r -> r.id().length())).orElse(null);
        String stem = of == null ? SchemaInference.slug(name) : stems.get(of.id()) + (name.equals(of.id()) ? ""
            : "-" + SchemaInference.slug(name.substring(of.id().length() + 1)));
        return stem + ".task.flux";
    }
}

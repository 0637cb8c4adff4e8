package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.PrometheusTextReader;
import dev.cardinal.traffic.SchemaInference;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * VictoriaMetrics' generated code: a vmagent relabelling config that drops, from traffic that carries every attribute
 * as a tag, the labels the layout keeps out of its series; and, after every engine's layout code, vmalert recording
 * rules for the layout's rollups ({@link VmRules}). Every name is quoted for YAML by {@link VmYaml} and for MetricsQL
 * and RE2 by {@link MetricsQl}, so each file loads as exactly what it shows.
 */
public final class VmCode implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        Layout l = r.layout();
        Set<String> kept = l.tags().stream().map(TagSpec::key).collect(Collectors.toSet());
        Set<String> dropped = new LinkedHashSet<>();
        // a Prometheus metric kept as it came holds its sample value in the field value, which is no label
        String value = r.keptAsSent() ? PrometheusTextReader.VALUE : null;
        for (Attribute a : r.kind().attributes()) {
            if (!kept.contains(a.name()) && !a.name().equals("__name__") && !a.name().equals(value)) {
                dropped.add(a.name());
            }
        }
        if (dropped.isEmpty()) {
            out.notWritten("no vmagent relabelling for layout " + l.id() + ": it keeps every attribute of "
                + r.kind().name() + " as a label");
            return;
        }
        String file = r.stem() + ".vmagent-relabel.yml";
        String regex = dropped.stream().map(MetricsQl::literalRegex).collect(Collectors.joining("|", "(?:", ")"));
        String text = Language.YAML.comment("vmagent -remoteWrite.relabelConfig=" + file + ": layout " + l.id()
            + " keeps these attributes of " + r.kind().name() + " out of its labels") + "\n"
            + Language.YAML.comment("(the regex is anchored at both ends; lib/promrelabel at v1.79.5)") + "\n"
            + "- action: labeldrop\n"
            + "  regex: " + VmYaml.quoted(regex) + "\n";
        out.put(file, text, "vmagent relabelling (`-remoteWrite.relabelConfig`): drops the labels layout " + l.id()
            + " keeps out of its series.", Language.YAML);
    }

    @Override
    public void rollupCode(CodeRequest r, Artefacts out) {
        List<Rollup> rollups = r.workspace() == null ? List.of()
            : r.workspace().rollups().stream().filter(x -> x.layout().equals(r.layout().id())).toList();
        for (Rollup rollup : rollups) {
            RuleGroup group = VmRules.of(rollup, r.layout(), r.keptAsSent());
            if (group.rules().isEmpty()) {
                out.notWritten("no vmalert rules for rollup " + rollup.id() + ": " + String.join("; ", group.unwritten()));
                continue;
            }
            group.unwritten().forEach(why -> out.notWritten("vmalert rules for rollup " + rollup.id() + " leave out " + why));
            String stem = r.rollupStems().get(rollup.id());
            String file = (stem == null ? SchemaInference.slug(rollup.id()) : stem) + ".vmalert-rules.yml";
            out.put(file, group.yaml(file), "vmalert recording rules (`-rule=" + file + "`) for rollup " + rollup.id() + ".",
                Language.YAML);
        }
    }
}

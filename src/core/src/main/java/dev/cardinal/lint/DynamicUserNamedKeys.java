package dev.cardinal.lint;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.MappingProjection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Dynamic mapping over keys that users name (metric names, customer fields): every new name is a new field, so the
 * mapping grows with the customers until {@code index.mapping.total_fields.limit} refuses documents. An error once
 * the sample reaches the limit, else a warning while the names keep arriving.
 */
final class DynamicUserNamedKeys implements DocumentRule {
    @Override
    public String id() {
        return "opensearch-dynamic-user-named-keys";
    }

    @Override
    public String description() {
        return "names users choose become fields under dynamic mapping, and keep arriving toward the total-fields limit";
    }

    @Override
    public List<Finding> check(DocumentLintContext c) {
        MappingProjection p = c.projection();
        if (p.curveSeconds().length < 3 || p.fit().growth() != Growth.GROWS) {
            return List.of();
        }
        String object = p.busiestObject();
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(Evidence.count("fields the names want", p.wantedFields()));
        evidence.add(Evidence.count("documents", p.documents()));
        evidence.add(new Evidence("growth of fields", p.fit().evidence()));
        evidence.add(new Evidence("total-fields limit", limitText(p)));
        MappingProjection.Slots s = p.slots();
        if (s != null) {
            evidence.add(Evidence.count("tenants (" + s.tenantKey() + ")", s.tenants()));
            evidence.add(Evidence.count("names under " + s.object() + ", all tenants", s.distinctNames()));
            evidence.add(new Evidence("most names one tenant uses", String.format(Locale.ROOT, "%,d (%s), %s", s.mostNames(),
                s.busiest(), s.fit().growth().name().toLowerCase(Locale.ROOT))));
        }
        String message = String.format(Locale.ROOT, "Dynamic mapping turns the names under %s into fields, and they keep"
            + " arriving: %,d fields wanted by %,d documents, where the index holds at most %,d.", object,
            p.wantedFields(), p.documents(), p.limit())
            + (s == null ? "" : String.format(Locale.ROOT, " %,d tenants name %,d keys there, at most %,d each.",
            s.tenants(), s.distinctNames(), s.mostNames()));
        return List.of(c.finding(this, p.limitReachedInSample() ? Severity.ERROR : Severity.WARNING, object, message,
            evidence, Fix.advice(fix(c))));
    }

    private static String limitText(MappingProjection p) {
        OptionalDouble seconds = p.secondsToLimit();
        if (seconds.isEmpty() && p.tenantForecast() != null && p.tenantForecast().cannotTell() != null) {
            return String.format(Locale.ROOT, "%,d of %,d fields; %s", p.fields(), p.limit(), p.tenantForecast().cannotTell());
        }
        if (seconds.isEmpty()) {
            return String.format(Locale.ROOT, "%,d of %,d fields, no time to it", p.fields(), p.limit());
        }
        String after = Durations.format(Duration.ofMillis(Math.round(seconds.getAsDouble() * 1000)));
        return p.limitReachedInSample()
            ? "refuses document " + p.firstLimitRefusal().document() + ", " + after + " after the first"
            : "projected to refuse writes " + after + " after the first document";
    }

    private static String fix(DocumentLintContext c) {
        MappingProjection.Slots s = c.projection().slots();
        String slots = s == null ? "a fixed set of slots per tenant (give the tenant key for how many)"
            : s.toProvision(c.horizon().toSeconds()) + " slots per tenant under " + s.object() + " (for "
            + Durations.format(c.horizon()) + ")";
        return slots + " with a strict mapping and the slot tables translating names, or one " + c.flatType()
            + " field for the named values";
    }
}

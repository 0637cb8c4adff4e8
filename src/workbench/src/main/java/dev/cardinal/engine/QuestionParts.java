package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;

/** What every engine's answer to a {@link ContrastQuestion} reads off a layout alike: keys, and patterns over names. */
public final class QuestionParts {
    private QuestionParts() {
    }

    /**
     * Text matched literally in a regular expression that Go's RE2 (InfluxDB) and Rust's regex (Flux's language
     * service) both read: each metacharacter and the {@code /} that ends the literal get a backslash; {@code \\Q...\\E}
     * is not used because Rust's regex does not know it.
     */
    public static String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (char c : text.toCharArray()) {
            if ("\\.+*?()|[]{}^$/".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** A templated measurement as a regular expression over the names it writes, {@code attr} fixed to {@code value} (null: any). */
    public static String measurementPattern(Layout l, String attr, String value) {
        StringBuilder re = new StringBuilder("/^");
        for (Template.Part p : l.measurement().parts()) {
            if (p instanceof Template.Literal lit) {
                re.append(literal(lit.text()));
            } else if (p instanceof Template.Ref r && r.attribute().equals(attr) && value != null) {
                re.append(literal(value));
            } else {
                re.append(".*");
            }
        }
        return re.append("$/").toString();
    }

    /** A templated tag value as a regular expression (without delimiters) with {@code attr} fixed to {@code v}. */
    public static String tagPattern(Template value, String attr, String v) {
        StringBuilder re = new StringBuilder("^");
        for (Template.Part p : value.parts()) {
            if (p instanceof Template.Literal lit) {
                re.append(literal(lit.text()));
            } else if (p instanceof Template.Ref r && r.attribute().equals(attr)) {
                re.append(literal(v));
            } else {
                re.append(".*");
            }
        }
        return re.append("$").toString();
    }

    /** The field key {@code attr} is written under (its own name when the layout does not write it as a plain field). */
    public static String fieldKey(Layout l, String attr) {
        return l.fields().stream().filter(f -> f.attribute().equals(attr) && f.key().isLiteral()).map(f -> f.key().literalText())
            .findFirst().orElse(attr);
    }

    /** The key of the tag that holds {@code attr} alone. */
    public static String tagKey(Layout l, String attr) {
        return l.tags().stream().filter(x -> x.value().singleRef().filter(attr::equals).isPresent()).map(TagSpec::key).findFirst()
            .orElseThrow();
    }

    /** The tag whose templated value holds {@code attr} among other parts, or null. */
    public static TagSpec templatedTag(Layout l, String attr) {
        return l.tags().stream().filter(x -> x.value().attributes().contains(attr)).findFirst().orElse(null);
    }
}

package dev.cardinal.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A name built from literal text and attribute values, e.g. {@code {crop}.plot-{plot}.{region}}. Layouts use
 * templates for measurement names, tag values and field keys, so that the bad layouts seen in the field (data
 * encoded in measurement names or field keys, several facts in one tag) can be expressed and measured.
 *
 * <p>Syntax: {@code {attr}} inserts an attribute's value; {@code {slot(attr, scope..., max=N)}} inserts the slot
 * number of the value of {@code attr} among the values seen within the same scope attributes (the fixed-slot
 * pattern: at most N slots per scope; a value past the last slot gets none, and the template renders as empty
 * text, which no key can be); {@code {{} and {@code }}} are literal braces. Everything else is literal.
 */
public record Template(String pattern, List<Part> parts) {
    /**
     * The most slots a scope may have: generated schemas and tables list every slot, and a slot layout exists to keep
     * a scope's keys few (InfluxDB refuses a tag's 100,001st value by default).
     */
    public static final int MAX_SLOTS = 10_000;

    public sealed interface Part permits Literal, Ref, SlotRef {
    }

    /** Literal text. */
    public record Literal(String text) implements Part {
    }

    /** The value of one attribute. */
    public record Ref(String attribute) implements Part {
    }

    /**
     * The 1-based slot number of {@code attribute}'s value among the values seen for the same scope; {@code max}
     * slots per scope, or unbounded when 0.
     */
    public record SlotRef(String attribute, List<String> scope, int max) implements Part {
        public SlotRef {
            scope = List.copyOf(scope);
            if (max < 0) {
                throw new IllegalArgumentException("max must not be negative");
            }
        }
    }

    public Template {
        parts = List.copyOf(parts);
    }

    /** A template that is exactly one attribute, {@code {name}}. */
    public static Template ref(String attribute) {
        return new Template("{" + escapeBraces(attribute) + "}", List.of(new Ref(attribute)));
    }

    /** A template that is literal text only. */
    public static Template literal(String text) {
        return new Template(escapeBraces(text), text.isEmpty() ? List.of() : List.of(new Literal(text)));
    }

    private static String escapeBraces(String s) {
        return s.replace("{", "{{").replace("}", "}}");
    }

    /** Parses a template; a syntax error names the 0-based character index. */
    public static Template parse(String pattern) throws TemplateException {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '{' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '{') {
                literal.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '}') {
                literal.append('}');
                i += 2;
            } else if (c == '}') {
                throw new TemplateException(pattern, i, "unmatched '}' (write '}}' for a literal brace)");
            } else if (c == '{') {
                int close = pattern.indexOf('}', i + 1);
                int nested = pattern.indexOf('{', i + 1);
                if (close < 0 || (nested >= 0 && nested < close)) {
                    throw new TemplateException(pattern, i, "'{' is not closed by '}' (write '{{' for a literal brace)");
                }
                String inside = pattern.substring(i + 1, close);
                if (literal.length() > 0) {
                    parts.add(new Literal(literal.toString()));
                    literal.setLength(0);
                }
                parts.add(reference(pattern, i + 1, inside));
                i = close + 1;
            } else {
                literal.append(c);
                i++;
            }
        }
        if (literal.length() > 0) {
            parts.add(new Literal(literal.toString()));
        }
        return new Template(pattern, parts);
    }

    private static Part reference(String pattern, int at, String inside) throws TemplateException {
        String trimmed = inside.strip();
        if (trimmed.isEmpty()) {
            throw new TemplateException(pattern, at, "empty reference '{}'");
        }
        if (trimmed.startsWith("slot(") && trimmed.endsWith(")")) {
            String[] args = trimmed.substring(5, trimmed.length() - 1).split(",", -1);
            List<String> names = new ArrayList<>();
            int max = 0;
            for (int k = 0; k < args.length; k++) {
                String n = args[k].strip();
                if (n.startsWith("max=") && k == args.length - 1 && k > 0) {
                    try {
                        max = Integer.parseInt(n.substring(4).strip());
                    } catch (NumberFormatException e) {
                        max = -1;
                    }
                    if (max < 1 || max > MAX_SLOTS) {
                        throw new TemplateException(pattern, at, String.format(java.util.Locale.ROOT,
                            "max= needs a whole number of slots from 1 to %,d", MAX_SLOTS));
                    }
                    continue;
                }
                if (n.isEmpty()) {
                    throw new TemplateException(pattern, at, "slot(...) needs attribute names separated by commas");
                }
                names.add(n);
            }
            return new SlotRef(names.get(0), names.subList(1, names.size()), max);
        }
        return new Ref(inside);
    }

    /** Every attribute the template reads, in order of first use. */
    public Set<String> attributes() {
        Set<String> names = new LinkedHashSet<>();
        for (Part p : parts) {
            if (p instanceof Ref r) {
                names.add(r.attribute());
            } else if (p instanceof SlotRef s) {
                names.add(s.attribute());
                names.addAll(s.scope());
            }
        }
        return names;
    }

    /** True when the template is literal text only. */
    public boolean isLiteral() {
        // a loop, not a stream: renderers ask this for every row they render
        for (Part p : parts) {
            if (!(p instanceof Literal)) {
                return false;
            }
        }
        return true;
    }

    /** The literal text, when {@link #isLiteral()}. */
    public String literalText() {
        StringBuilder sb = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Literal l) {
                sb.append(l.text());
            } else {
                throw new IllegalStateException("template '" + pattern + "' is not literal");
            }
        }
        return sb.toString();
    }

    /** The attribute name when the template is exactly one plain reference, {@code {attr}}. */
    public java.util.Optional<String> singleRef() {
        if (parts.size() == 1 && parts.get(0) instanceof Ref r) {
            return java.util.Optional.of(r.attribute());
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return pattern;
    }
}

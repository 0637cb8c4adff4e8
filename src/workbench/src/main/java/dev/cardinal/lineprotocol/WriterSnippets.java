package dev.cardinal.lineprotocol;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writer code that puts the layout's decisions in the application: which attribute becomes a tag, which a field,
 * how names are built from templates. Java with influxdb-client-java's {@code Point}, JavaScript with
 * {@code @influxdata/influxdb-client}, and the line protocol shape. A slot in a field key is a parameter: the slot
 * comes from the relational slot mapping table, not from the writer.
 */
public final class WriterSnippets {
    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
        "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
        "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
        "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super",
        "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while", "true",
        "false", "null", "var", "record", "yield", "sealed", "permits", "time", "p", "await", "let", "function",
        "delete", "typeof", "in", "of", "arguments", "eval", "with", "export", "debugger");

    private static final String JAVA_TEXT = "String.valueOf";
    private static final String JS_TEXT = "String";

    /** One parameter of the writer: an attribute's value, or the slot an attribute has in its scope. */
    record Parameter(String name, String attribute, ValueType type, boolean slot) {
    }

    private WriterSnippets() {
    }

    /** {@code ids-as-fields} -> {@code IdsAsFields}. */
    public static String javaClassName(String id) {
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (char c : id.toCharArray()) {
            if (c < 128 && Character.isLetterOrDigit(c)) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return sb.length() == 0 || Character.isDigit(sb.charAt(0)) ? "Layout" + sb : sb.toString();
    }

    /** The parameters the layout reads, in the event kind's attribute order, slots after. */
    static List<Parameter> parameters(EventKind kind, Layout layout) {
        Set<String> used = layout.attributesUsed();
        Map<String, Parameter> out = new LinkedHashMap<>();
        Set<String> taken = new java.util.HashSet<>();
        for (Attribute a : kind.attributes()) {
            if (used.contains(a.name())) {
                out.put(a.name(), new Parameter(identifier(a.name(), taken), a.name(), a.type(), false));
            }
        }
        for (FieldSpec f : layout.fields()) {
            slotParameters(f.key(), out, taken);
        }
        for (TagSpec t : layout.tags()) {
            slotParameters(t.value(), out, taken);
        }
        slotParameters(layout.measurement(), out, taken);
        return new ArrayList<>(out.values());
    }

    private static void slotParameters(Template t, Map<String, Parameter> out, Set<String> taken) {
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.SlotRef s) {
                out.putIfAbsent("slot:" + s.attribute(), new Parameter(identifier(s.attribute() + "_slot", taken), s.attribute(),
                    ValueType.INTEGER, true));
            }
        }
    }

    /** A Java/JavaScript identifier from any name: camelCase over runs of letters and digits, never a keyword. */
    public static String identifier(String name, Set<String> taken) {
        StringBuilder sb = new StringBuilder();
        boolean upper = false;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            i += Character.charCount(cp);
            if (cp < 128 && Character.isLetterOrDigit(cp)) {
                sb.appendCodePoint(upper && sb.length() > 0 ? Character.toUpperCase(cp) : sb.length() == 0 ? Character.toLowerCase(cp) : cp);
                upper = false;
            } else {
                upper = true;
            }
        }
        String id = sb.length() == 0 || Character.isDigit(sb.charAt(0)) ? "v" + sb : sb.toString();
        if (JAVA_KEYWORDS.contains(id)) {
            id = id + "Value";
        }
        String unique = id;
        for (int n = 2; !taken.add(unique); n++) {
            unique = id + n;
        }
        return unique;
    }

    /** A Java string literal. */
    public static String javaString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7E) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * A template as an expression over the parameters: literals and values joined with {@code +}, each value turned
     * to text by {@code toText} ({@code String.valueOf} in Java, {@code String} in JavaScript).
     */
    private static String expression(Template t, List<Parameter> params, String toText) {
        List<String> parts = new ArrayList<>();
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.Literal l) {
                parts.add(javaString(l.text()));
            } else if (p instanceof Template.Ref r) {
                parts.add(toText + "(" + param(params, r.attribute(), false).name() + ")");
            } else if (p instanceof Template.SlotRef s) {
                parts.add(toText + "(" + param(params, s.attribute(), true).name() + ")");
            }
        }
        return parts.isEmpty() ? "\"\"" : String.join(" + ", parts);
    }

    private static Parameter param(List<Parameter> params, String attribute, boolean slot) {
        return params.stream().filter(p -> p.attribute().equals(attribute) && p.slot() == slot).findFirst().orElseThrow();
    }

    private static String javaType(Parameter p) {
        if (p.slot()) {
            return "int";
        }
        return switch (p.type()) {
            case STRING -> "String";
            case INTEGER, UNSIGNED -> "Long";
            case FLOAT -> "Double";
            case BOOLEAN -> "Boolean";
        };
    }

    /** Every parameter a template reads is present (a value that renders the part). */
    private static String present(Template t, List<Parameter> params) {
        List<String> checks = new ArrayList<>();
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.Ref r) {
                checks.add(param(params, r.attribute(), false).name() + " != null");
            }
        }
        return checks.isEmpty() ? "true" : String.join(" && ", checks);
    }

    /**
     * A Java class {@code className} with {@code static Point point(...)}: one parameter per attribute the layout
     * reads (null when the event does not carry it), the time last.
     */
    public static String java(EventKind kind, Layout layout, String className) {
        List<Parameter> params = parameters(kind, layout);
        StringBuilder sb = new StringBuilder();
        sb.append("import com.influxdb.client.domain.WritePrecision;\nimport com.influxdb.client.write.Point;\nimport java.time.Instant;\n\n");
        sb.append("/** ").append(CommentText.line("Writes one " + kind.name() + " event as layout " + layout.name()
            + " decides. Generated by Cardinal.")).append(" */\n");
        sb.append("public final class ").append(className).append(" {\n    private ").append(className).append("() {\n    }\n\n");
        sb.append("    public static Point point(");
        List<String> args = new ArrayList<>();
        for (Parameter p : params) {
            args.add(javaType(p) + " " + p.name());
        }
        args.add("Instant time");
        sb.append(String.join(", ", args)).append(") {\n");
        sb.append("        Point p = Point.measurement(").append(expression(layout.measurement(), params, JAVA_TEXT)).append(");\n");
        for (TagSpec t : layout.tags()) {
            String value = expression(t.value(), params, JAVA_TEXT);
            sb.append("        if (").append(present(t.value(), params)).append(" && !(").append(value).append(").isEmpty()) {\n")
                .append("            p.addTag(").append(javaString(t.key())).append(", ").append(value).append(");\n        }\n");
        }
        for (FieldSpec f : layout.fields()) {
            Parameter v = param(params, f.attribute(), false);
            String getter = switch (v.type()) {
                case INTEGER, UNSIGNED -> v.name() + ".longValue()";
                case FLOAT -> v.name() + ".doubleValue()";
                case BOOLEAN -> v.name() + ".booleanValue()";
                case STRING -> v.name();
            };
            sb.append("        if (").append(v.name()).append(" != null && ").append(present(f.key(), params)).append(") {\n")
                .append("            p.addField(").append(expression(f.key(), params, JAVA_TEXT)).append(", ").append(getter).append(");\n        }\n");
        }
        sb.append("        return p.time(time, WritePrecision.NS);\n    }\n}\n");
        return sb.toString();
    }

    /** A JavaScript (ES module) function {@code <name>Point(values, time)} with {@code @influxdata/influxdb-client}. */
    public static String javascript(EventKind kind, Layout layout, String functionName) {
        List<Parameter> params = parameters(kind, layout);
        StringBuilder sb = new StringBuilder("import {Point} from '@influxdata/influxdb-client'\n\n");
        sb.append("/** ").append(CommentText.line("One " + kind.name() + " event as layout " + layout.name()
            + " decides. Generated by Cardinal.")).append(" */\n");
        sb.append("export function ").append(functionName).append("({")
            .append(String.join(", ", params.stream().map(Parameter::name).toList())).append("}, time) {\n");
        sb.append("  const p = new Point(").append(expression(layout.measurement(), params, JS_TEXT))
            .append(")\n");
        for (TagSpec t : layout.tags()) {
            String value = expression(t.value(), params, JS_TEXT);
            sb.append("  if (").append(present(t.value(), params)).append(" && (").append(value)
                .append(") !== '') p.tag(").append(javaString(t.key())).append(", ").append(value).append(")\n");
        }
        for (FieldSpec f : layout.fields()) {
            Parameter v = param(params, f.attribute(), false);
            String method = switch (v.type()) {
                case INTEGER -> "intField";
                case UNSIGNED -> "uintField";
                case FLOAT -> "floatField";
                case BOOLEAN -> "booleanField";
                case STRING -> "stringField";
            };
            sb.append("  if (").append(v.name()).append(" != null && ").append(present(f.key(), params)).append(") p.")
                .append(method).append("(").append(expression(f.key(), params, JS_TEXT))
                .append(", ").append(v.name()).append(")\n");
        }
        sb.append("  return p.timestamp(time)\n}\n");
        return sb.toString();
    }

    /**
     * The line protocol shape: {@code measurement,tag={attr} field={attr}i <time>}, values in braces, names escaped as
     * a line is written, invisible characters spelled ({@code \r}, {@code \x{200b}}) so the shape stays one line a
     * reader can see. A layout no row of which can be written gets a comment saying why instead.
     */
    public static String lineProtocol(EventKind kind, Layout layout) {
        var unwritable = SampleLineProtocol.unwritable(layout);
        if (unwritable.isPresent()) {
            return Language.LINE_PROTOCOL.comment("layout " + layout.id() + ": " + unwritable.get()) + "\n";
        }
        StringBuilder sb = new StringBuilder(shape(layout.measurement(), ", "));
        for (TagSpec t : layout.tags()) {
            sb.append(',').append(shape(Template.literal(t.key()), ",= ")).append('=').append(shape(t.value(), ",= "));
        }
        List<String> fields = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            ValueType type = kind.attribute(f.attribute()).map(Attribute::type).orElse(ValueType.STRING);
            String value = braced(f.attribute());
            fields.add(shape(f.key(), ",= ") + "=" + switch (type) {
                case STRING -> "\"" + value + "\"";
                case INTEGER -> value + "i";
                case UNSIGNED -> value + "u";
                default -> value;
            });
        }
        // a shape to read: a carriage return or another invisible character in a name is spelled, not printed
        return CommentText.shown(sb.append(' ').append(String.join(",", fields)).append(" <time in ns>").toString()) + "\n";
    }

    /** A name as line protocol shows it: literal parts with {@code special} escaped and braces doubled, values in braces. */
    private static String shape(Template t, String special) {
        StringBuilder sb = new StringBuilder();
        for (Template.Part p : t.parts()) {
            if (p instanceof Template.Literal l) {
                for (char c : l.text().toCharArray()) {
                    if (special.indexOf(c) >= 0) {
                        sb.append('\\');
                    }
                    sb.append(c == '{' ? "{{" : c == '}' ? "}}" : String.valueOf(c));
                }
            } else if (p instanceof Template.Ref r) {
                sb.append(braced(r.attribute()));
            } else if (p instanceof Template.SlotRef slot) {
                sb.append("{slot(").append(String.join(", ", concat(slot.attribute(), slot.scope()))).append(", max=")
                    .append(slot.max()).append(")}");
            }
        }
        return sb.toString();
    }

    /** {@code {attr}}: where a value goes. */
    private static String braced(String attribute) {
        return "{" + attribute + "}";
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> out = new ArrayList<>(List.of(first));
        out.addAll(rest);
        return out;
    }
}

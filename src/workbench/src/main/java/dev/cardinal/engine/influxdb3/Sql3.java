package dev.cardinal.engine.influxdb3;

/**
 * Names and values spelled for InfluxDB 3's two query languages. SQL (DataFusion's parser) takes an identifier in
 * double quotes with a double quote doubled, and a string in single quotes with a single quote doubled. InfluxQL (the
 * server's own parser, {@code core/influxdb_influxql_parser}, not InfluxDB 1.x's) reads a double-quoted identifier and
 * a single-quoted string with the escapes {@code \\}, {@code \"} or {@code \'}, and {@code \n}; this spells them as
 * the parser's own {@code Display} does ({@code identifier.rs} and {@code string.rs} at influxdb v3.9.6). Every name is
 * quoted, so no name is read as a keyword.
 */
final class Sql3 {
    private Sql3() {
    }

    static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    static String string(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String influxQlIdentifier(String name) {
        return "\"" + influxQlEscaped(name, '"') + "\"";
    }

    static String influxQlString(String value) {
        return "'" + influxQlEscaped(value, '\'') + "'";
    }

    private static String influxQlEscaped(String s, char quote) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == quote) {
                b.append('\\').append(c);
            } else if (c == '\n') {
                b.append("\\n");
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}

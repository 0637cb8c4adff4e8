package dev.cardinal.engine.prometheus;

/**
 * Text as a YAML double-quoted scalar, the one place a name reaches a generated YAML file: a backslash, a quote and
 * every character YAML 1.2 does not print as itself (C0 and C1 controls, DEL, U+2028 and U+2029, the byte order mark)
 * is escaped (https://yaml.org/spec/1.2.2/#57-escaped-characters), so no value can end the scalar or start structure.
 */
final class YamlText {
    private YamlText() {
    }

    static String quoted(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') {
                sb.append('\\').append((char) c);
            } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0xFEFF
                || (c >= 0xD800 && c <= 0xDFFF)) {
                sb.append(String.format("\\u%04X", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.append('"').toString();
    }
}

package dev.cardinal.engine.victoriametrics;

/**
 * Text from names and samples as a YAML double-quoted scalar, the one place the VictoriaMetrics configs quote it: a
 * name can then hold any character and never becomes YAML structure (a key, a list item, a comment, a document
 * end). Everything outside printable ASCII is a {@code \\uXXXX} (or {@code \\UXXXXXXXX}) escape (YAML 1.1 reads U+0085, U+2028 and U+2029 as
 * line breaks, and a bidirectional override would make the file read otherwise than it loads); {@code "} and
 * {@code \} are escaped as YAML requires (YAML 1.2 spec, 5.7 Escaped Characters).
 */
final class VmYaml {
    private VmYaml() {
    }

    static String quoted(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') {
                sb.append('\\').appendCodePoint(c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.appendCodePoint(c);
            } else {
                sb.append(c > 0xffff ? String.format("\\U%08x", c) : String.format("\\u%04x", c));
            }
        });
        return sb.append('"').toString();
    }
}

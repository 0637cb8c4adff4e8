package dev.cardinal.ui.code;

import dev.cardinal.engine.Language;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Syntax highlighting for the code panel: each language is one regular expression whose named groups are the
 * style classes (keyword, string, comment, number, name, tag, field). Plain text gets no class. Pure: usable
 * without the toolkit.
 */
public final class Highlighter {
    private static final Map<Language, Pattern> PATTERNS = new EnumMap<>(Language.class);
    private static final Pattern SERIES_KEY;

    static {
        String dq = "\"(?:[^\"\\\\\\n]|\\\\.)*\"";
        String sq = "'(?:[^'\\\\\\n]|\\\\.)*'";
        String number = "\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?[a-z]*\\b";
        PATTERNS.put(Language.INFLUXQL, Pattern.compile("(?<comment>--[^\\n]*)|(?<string>" + sq + ")|(?<name>" + dq + ")"
            + "|(?<keyword>(?i)\\b(?:CREATE|DROP|ALTER|DATABASE|RETENTION|POLICY|POLICIES|ON|DURATION|REPLICATION|SHARD|DEFAULT|"
            + "SELECT|FROM|WHERE|GROUP|BY|INTO|BEGIN|END|CONTINUOUS|QUERY|QUERIES|SHOW|SERIES|EXACT|CARDINALITY|TAG|FIELD|KEYS|"
            + "VALUES|WITH|KEY|AND|OR|NOT|AS|ORDER|LIMIT|FILL|TIME|NOW|RESAMPLE|EVERY|FOR|MEASUREMENTS|DESC|ASC|COUNT|MEAN|SUM|"
            + "MAX|MIN|LAST|FIRST|DISTINCT)\\b(?-i))|(?<number>" + number + ")"));
        PATTERNS.put(Language.FLUX, Pattern.compile("(?<comment>//[^\\n]*)|(?<string>" + dq + ")"
            + "|(?<keyword>\\b(?:import|option|from|range|filter|map|group|aggregateWindow|to|yield|fn|if|then|else|and|or|not|"
            + "exists|return|task|every|offset|sort|limit|keep|drop|pivot|sum|mean|count|last|first|max|min|distinct|window|"
            + "duplicate|set|rename|union|join)\\b|\\|>)|(?<number>" + number + ")"));
        PATTERNS.put(Language.SQL, Pattern.compile("(?<comment>--[^\\n]*|/\\*(?:.|\\n)*?\\*/)|(?<string>" + sq + ")"
            + "|(?<name>" + dq + "|`(?:[^`]|``)*`)"
            + "|(?<keyword>(?i)\\b(?:CREATE|TABLE|IF|NOT|EXISTS|PRIMARY|KEY|UNIQUE|INDEX|INSERT|INTO|VALUES|ON|CONFLICT|DO|"
            + "UPDATE|SET|DUPLICATE|SELECT|FROM|WHERE|GROUP|BY|ORDER|AND|OR|AS|NULL|DEFAULT|BIGINT|INT|INTEGER|SMALLINT|"
            + "VARCHAR|TEXT|DATE|TIMESTAMP|DOUBLE|PRECISION|BOOLEAN|REAL|CHARACTER|SET|COLLATE|ENGINE|BEGIN|COMMIT|DELETE|"
            + "RETURNING|EXCLUDED|BETWEEN|SUM|COUNT|MAX|MIN|AVG|LIMIT|DESC|ASC|FOR|WITH|ALTER|ADD|COLUMN|REFERENCES|CHECK)\\b(?-i))"
            + "|(?<number>" + number + ")"));
        String cLike = "(?<comment>//[^\\n]*|/\\*(?:.|\\n)*?\\*/)|(?<string>" + dq + "|" + sq + "|`(?:[^`\\\\]|\\\\.)*`)";
        PATTERNS.put(Language.JAVA, Pattern.compile(cLike
            + "|(?<keyword>\\b(?:package|import|public|private|protected|final|static|class|record|interface|enum|void|new|return|"
            + "if|else|for|while|try|catch|throw|throws|var|this|null|true|false|int|long|double|boolean|String|extends|"
            + "implements)\\b)|(?<number>" + number + ")"));
        PATTERNS.put(Language.JAVASCRIPT, Pattern.compile(cLike
            + "|(?<keyword>\\b(?:import|export|from|const|let|var|function|return|if|else|for|new|class|this|null|undefined|"
            + "true|false|async|await|require|module)\\b)|(?<number>" + number + ")"));
        // line protocol: the series key (measurement, then tag pairs) up to the first unescaped space, then the fields
        // and the timestamp; lines are split there before matching (see highlightLineProtocol)
        PATTERNS.put(Language.LINE_PROTOCOL, Pattern.compile("(?<comment>#[^\\n]*)|(?<string>" + dq + ")|(?<number>" + number + ")"));
        SERIES_KEY = Pattern.compile("(?<name>^(?:[^,\\s\\\\]|\\\\.)+)|(?<tag>(?<=,)(?:[^=\\s,\\\\]|\\\\.)+=(?:[^\\s,\\\\]|\\\\.)*)");
        PATTERNS.put(Language.JSON, Pattern.compile("(?<comment>//[^\\n]*)|(?<name>" + dq + "(?=\\s*:))|(?<string>" + dq + ")"
            + "|(?<keyword>\\b(?:true|false|null)\\b)|(?<number>-?" + number + ")"));
        // YAML as the Prometheus and VictoriaMetrics configs are written: comments, quoted scalars, a key before its colon
        PATTERNS.put(Language.YAML, Pattern.compile("(?<comment>(?m)#[^\\n]*)|(?<string>" + dq + "|" + sq + ")"
            + "|(?<name>(?m)[A-Za-z_][A-Za-z0-9_]*(?=:(?:\\s|$)))|(?<number>" + number + ")"));
        PATTERNS.put(Language.SHELL, Pattern.compile("(?<comment>(?m)#[^\\n]*)|(?<string>" + dq + "|" + sq + ")"
            + "|(?<keyword>\\b(?:influx|set|bucket|create|task|--[a-z-]+)\\b|--[a-z-]+)|(?<number>" + number + ")"));
    }

    private static final List<String> CLASSES = List.of("comment", "string", "name", "tag", "keyword", "number");

    private Highlighter() {
    }

    /** Style classes over {@code text}, span by span, covering all of it. */
    public static StyleSpans<Collection<String>> highlight(String text, Language language) {
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        int last = language == Language.LINE_PROTOCOL ? highlightLineProtocol(text, spans)
            : add(spans, PATTERNS.get(language).matcher(text), 0);
        spans.add(List.of(), text.length() - last);
        return spans.create();
    }

    /** Line by line: the series key with {@link #SERIES_KEY}, the rest (and comment lines) with the line protocol pattern. */
    private static int highlightLineProtocol(String text, StyleSpansBuilder<Collection<String>> spans) {
        int last = 0;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end;
            int keyEnd = start;
            if (!text.startsWith("#", start)) {
                while (keyEnd < end && text.charAt(keyEnd) != ' ') {
                    keyEnd += text.charAt(keyEnd) == '\\' ? 2 : 1;
                }
                keyEnd = Math.min(keyEnd, end);
                last = add(spans, SERIES_KEY.matcher(text).region(start, keyEnd).useTransparentBounds(true).useAnchoringBounds(true),
                    last);
            }
            last = add(spans, PATTERNS.get(Language.LINE_PROTOCOL).matcher(text).region(keyEnd, end), last);
            start = end + 1;
        }
        return last;
    }

    /** Adds a span per match of {@code m} after {@code last}; returns where the last match ended. */
    private static int add(StyleSpansBuilder<Collection<String>> spans, Matcher m, int last) {
        while (m.find()) {
            if (m.end() == m.start()) {
                continue;
            }
            String cls = null;
            for (String c : CLASSES) {
                if (m.pattern().pattern().contains("(?<" + c + ">") && m.group(c) != null) {
                    cls = c;
                    break;
                }
            }
            spans.add(List.of(), m.start() - last);
            spans.add(cls == null ? List.of() : List.of(cls), m.end() - m.start());
            last = m.end();
        }
        return last;
    }
}

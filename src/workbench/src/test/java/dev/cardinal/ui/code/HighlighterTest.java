package dev.cardinal.ui.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.engine.Language;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fxmisc.richtext.model.StyleSpan;
import org.fxmisc.richtext.model.StyleSpans;
import org.junit.jupiter.api.Test;

/** Highlighting classes per language, without the toolkit. */
class HighlighterTest {
    /** "text=class" for every styled span, in order. */
    private static List<String> styled(String text, Language language) {
        StyleSpans<Collection<String>> spans = Highlighter.highlight(text, language);
        assertEquals(text.length(), spans.length(), "the spans cover the text exactly");
        List<String> out = new ArrayList<>();
        int at = 0;
        for (StyleSpan<Collection<String>> s : spans) {
            if (!s.getStyle().isEmpty()) {
                out.add(text.substring(at, at + s.getLength()) + "=" + String.join(",", s.getStyle()));
            }
            at += s.getLength();
        }
        return out;
    }

    @Test
    void influxQlKeywordsQuotedNamesStringsAndComments() {
        assertEquals(List.of("-- filter=comment", "SELECT=keyword", "COUNT=keyword", "\"page_url\"=name", "FROM=keyword",
                "\"listing_event\"=name", "WHERE=keyword", "\"event\"=name", "'view'=string"),
            styled("-- filter\nSELECT COUNT(\"page_url\") FROM \"listing_event\" WHERE \"event\" = 'view';", Language.INFLUXQL));
        assertEquals(List.of("CREATE=keyword", "RETENTION=keyword", "POLICY=keyword", "\"raw\"=name", "ON=keyword", "\"db\"=name",
                "DURATION=keyword", "30d=number"),
            styled("CREATE RETENTION POLICY \"raw\" ON \"db\" DURATION 30d", Language.INFLUXQL));
    }

    @Test
    void lineProtocolMeasurementTagsAndFieldValues() {
        assertEquals(List.of("listing_event=name", "event=view=tag", "user_id=u\\ 1=tag", "\"/x\"=string", "1i=number",
                "1767571200000000000=number"),
            styled("listing_event,event=view,user_id=u\\ 1 page_url=\"/x\",count=1i 1767571200000000000", Language.LINE_PROTOCOL));
    }

    @Test
    void sqlKeywordsAreCaseInsensitiveAndBacktickNamesAreNames() {
        assertEquals(List.of("create=keyword", "table=keyword", "`daily views`=name", "BIGINT=keyword", "-- done=comment"),
            styled("create table `daily views` (n BIGINT); -- done", Language.SQL));
    }

    @Test
    void fluxPipesAndJsonKeys() {
        assertEquals(List.of("from=keyword", "\"raw\"=string", "|>=keyword", "range=keyword", "1d=number"),
            styled("from(bucket: \"raw\") |> range(start: -1d)", Language.FLUX));
        assertEquals(List.of("\"name\"=name", "\"user_id\"=string", "\"on\"=name", "true=keyword"),
            styled("{\"name\": \"user_id\", \"on\"  : true}", Language.JSON));
    }

    @Test
    void yamlKeysQuotedScalarsAndComments() {
        assertEquals(List.of("# job=comment", "scrape_configs=name", "job_name=name", "\"a # b\"=string", "regex=name",
                "\"x|y\"=string"),
            styled("# job\nscrape_configs:\n  - job_name: \"a # b\"\n    regex: \"x|y\"\n", Language.YAML));
    }
}

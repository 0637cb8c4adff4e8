package dev.cardinal.compare;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A review of the ad marketplace's two layouts, and its Markdown. */
class ReviewTest {
    private static Review review(String a, String b, String renameA) throws Exception {
        Path file = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        if (renameA != null) {
            ws = ws.withLayout(ws.layout(a).orElseThrow().withName(renameA));
        }
        Sample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE);
        return Review.of(ws, ws.layout(a).orElseThrow(), ws.layout(b).orElseThrow(), sample.eventKind("listing_event").orElseThrow(),
            sample.report(), dev.cardinal.engines.ServerFor.defaults(), dev.cardinal.engines.Engines.queryLanguages());
    }

    @Test
    void theMarkdownCarriesVerdictNumbersDifferencesFindingsQueriesAndLayouts() throws Exception {
        Review r = review("ids-as-tags", "ids-as-fields", null);
        assertTrue(r.findingsA().stream().anyMatch(f -> f.rule().equals("tag-grows-with-traffic") && f.subject().equals("user_id")));
        assertTrue(r.findingsB().stream().noneMatch(f -> f.rule().equals("tag-grows-with-traffic")));
        String md = ReviewMarkdown.render(r);
        assertTrue(md.startsWith("# ids-as-tags vs ids-as-fields (listing_event)\n"), md);
        assertTrue(md.contains("- ids-as-fields holds 5 series at 30d where ids-as-tags holds 27,808: 5,562x fewer.\n"), md);
        assertTrue(md.contains("| series | 12,934 | 5 | −12,929 |\n"), md);
        assertTrue(md.contains("| values of tag user_id | 1,413 | — |  |\n"), md);
        assertTrue(md.contains("| user_id | tag | field |\n"), md);
        assertTrue(md.contains("### daily count of page_url per listing_id over a year"), md);
        assertTrue(md.contains("```sql\nSELECT COUNT(\"page_url\") FROM \"listing_event\" WHERE time > now() - 365d GROUP BY time(1d), \"listing_id\"\n```"), md);
        assertTrue(md.contains("**ids-as-fields**\n\n```text\nlisting_event,event={event} "), md);
    }

    @Test
    void theHtmlIsOnePageWithItsChartInlineAndNothingToFetch() throws Exception {
        String html = ReviewHtml.render(review("ids-as-tags", "ids-as-fields", "bad <script>alert(1)</script> & \"x\""));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<h1>bad &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; <span class=\"vs\">vs</span> ids-as-fields"), html);
        assertTrue(!html.contains("<script"), "no script, and a hostile name stays text");
        assertTrue(!html.matches("(?s).*\\b(src|href)=.*"), "nothing is loaded from anywhere");
        assertEquals(1, html.split("http://", -1).length - 1, "the only URL is the SVG namespace");
        assertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assertEquals(4, html.split("<polyline", -1).length - 1, "measured and projected for both layouts");
        assertTrue(html.contains("<td class=\"n better\">−12,929</td>"), "fewer series is better");
    }

    @Test
    void theHtmlOpensInARealBrowserWithoutConsoleMessagesOrNetworkRequests(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        HeadlessChromium.require();
        Path page = java.nio.file.Files.writeString(dir.resolve("review.html"), ReviewHtml.render(review("ids-as-tags", "ids-as-fields", null)));
        HeadlessChromium.Visit visit = HeadlessChromium.open(page, Path.of("target/screenshots/review-html.png"), dir);
        assertEquals(java.util.List.of(), visit.console());
        assertEquals(java.util.List.of(), visit.requests());
        assertTrue(java.nio.file.Files.size(visit.screenshot()) > 20_000, "a page was drawn");

        // the check can fail: a page that loads an image is caught
        Path leaky = java.nio.file.Files.writeString(dir.resolve("leaky.html"), "<!DOCTYPE html><img src=\"http://example.invalid/x.png\">");
        assertEquals(java.util.List.of("http://example.invalid/x.png"), HeadlessChromium.open(leaky, dir.resolve("leaky.png"), dir).requests());
    }

    @Test
    void namesCannotBreakTheTablesAndOnlyOneEventKindCompares() throws Exception {
        String md = ReviewMarkdown.render(review("ids-as-tags", "ids-as-fields", "bad | <b>layout</b>\nx"));
        assertTrue(md.startsWith("# bad \\| &lt;b>layout&lt;/b> x vs ids-as-fields"), md);
        assertTrue(md.contains("| | bad \\| &lt;b>layout&lt;/b> x | ids-as-fields | change |"), md);
        assertEquals("```\n`` ` ``\n```\n\n", ReviewMarkdown.fence("`` ` ``", ""));
        assertEquals("````\n```\n````\n\n", ReviewMarkdown.fence("```", ""));
        assertThrows(IllegalArgumentException.class, () -> {
            Path file = Path.of("sample-data/weather/weather.cardinal.json");
            Workspace weather = WorkspaceFiles.load(file).workspace();
            Workspace ads = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
            Review.of(ads, ads.layout("ids-as-tags").orElseThrow(), weather.layout("three-tags").orElseThrow(), null, null,
                dev.cardinal.engines.ServerFor.defaults(), dev.cardinal.engines.Engines.queryLanguages());
        });
    }
}

package dev.cardinal.ui.canvas;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Growth;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The canvas as SVG, without the toolkit: well-formed whatever the names hold, one card per layout at its place. */
class CanvasSvgTest {
    @Test
    void aCardPerLayoutAtItsPositionWithItsChipsAndHostileNamesEscaped() throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        Layout hostile = ws.layout("ids-as-fields").orElseThrow().withMeasurement(Template.literal("a<b&\"c'\u0001"));
        ws = ws.withLayout(hostile);
        Map<String, Map<String, AttributeInfo>> infos = Map.of("listing_event",
            Map.of("user_id", new AttributeInfo("string", 1413, Growth.GROWS, new long[] {1, 2})));
        String svg = CanvasSvg.render(ws, CanvasView.positions(ws), infos);

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        var xpath = XPathFactory.newInstance().newXPath();
        NodeList cards = (NodeList) xpath.evaluate("/svg/g", doc, XPathConstants.NODESET);
        assertEquals(2, cards.getLength());
        assertEquals("a<b&\"c' ", xpath.evaluate("/svg/g[@id='card-ids-as-fields']/text[1]", doc));
        assertEquals(String.valueOf(ws.canvas().get("ids-as-tags").x()), 
            String.valueOf(Double.parseDouble(xpath.evaluate("/svg/g[@id='card-ids-as-tags']/rect[1]/@x", doc))));
        assertTrue(xpath.evaluate("/svg/g[@id='card-ids-as-tags']", doc).contains("user_id  string  1,413  grows"));
        assertTrue(xpath.evaluate("/svg/g[@id='card-ids-as-tags']", doc).contains("Tags (indexed)"));
    }
}

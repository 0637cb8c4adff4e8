package dev.cardinal.ui.canvas;

import dev.cardinal.model.Durations;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.Quantities;
import java.util.Locale;
import java.util.Map;

/**
 * The canvas as SVG, drawn from the workspace rather than from the screen: a card per layout at its canvas
 * position, with its measurement, tags, fields and time column; attribute chips carry distinct values and growth
 * class when the sample gave them. Text is escaped for XML, whatever the names hold.
 */
public final class CanvasSvg {
    static final double HEADER = 44;
    static final double TITLE = 20;
    static final double CHIP = 26;
    static final double TIME = 22;

    private CanvasSvg() {
    }

    /** Height of a layout's card. */
    static double height(Layout l) {
        return HEADER + 2 * TITLE + CHIP * (Math.max(1, l.tags().size()) + Math.max(1, l.fields().size())) + TIME + 8;
    }

    public static String render(Workspace ws, Map<String, Position> positions, Map<String, Map<String, AttributeInfo>> infos) {
        double w = 0;
        double h = 0;
        for (Layout l : ws.layouts()) {
            Position p = positions.get(l.id());
            w = Math.max(w, p.x() + CanvasView.CARD_WIDTH + CanvasView.GAP);
            h = Math.max(h, p.y() + height(l) + CanvasView.GAP);
        }
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\""
            + " font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">%n", w, h, w, h));
        svg.append(String.format(Locale.ROOT, "  <title>%s</title>%n", xml(ws.name())));
        svg.append(String.format(Locale.ROOT, "  <rect width=\"%.0f\" height=\"%.0f\" fill=\"#fbfaf9\"/>%n", w, h));
        for (Layout l : ws.layouts()) {
            card(svg, l, positions.get(l.id()), infos.getOrDefault(l.eventKind(), Map.of()));
        }
        return svg.append("</svg>\n").toString();
    }

    private static void card(StringBuilder svg, Layout l, Position p, Map<String, AttributeInfo> infos) {
        double x = p.x();
        double y = p.y();
        double cw = CanvasView.CARD_WIDTH;
        svg.append(String.format(Locale.ROOT, "  <g id=\"%s\">%n", xml("card-" + l.id())));
        svg.append(String.format(Locale.ROOT, "    <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" fill=\"#ffffff\" stroke=\"#e2dedc\"/>%n",
            x, y, cw, height(l)));
        svg.append(String.format(Locale.ROOT, "    <text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">%s</text>%n", x + 8, y + 18, xml(l.measurement().pattern())));
        svg.append(String.format(Locale.ROOT, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#6b6462\">%s</text>%n", x + 8, y + 34,
            xml(l.name() + " · " + l.eventKind() + " · " + l.retention().name() + " " + Durations.format(l.retention().duration()))));
        double at = y + HEADER;
        at = compartment(svg, "Tags (indexed)", x, at);
        for (TagSpec t : l.tags()) {
            at = chip(svg, x, at, t.isPlain() ? t.key() : t.key() + " = " + t.value().pattern(), t.isPlain() ? infos.get(t.key()) : null, true);
        }
        at = l.tags().isEmpty() ? at + CHIP : at;
        at = compartment(svg, "Fields", x, at);
        for (FieldSpec f : l.fields()) {
            at = chip(svg, x, at, f.isPlain() ? f.attribute() : f.key().pattern() + " = " + f.attribute(),
                f.isPlain() ? infos.get(f.attribute()) : null, false);
        }
        at = l.fields().isEmpty() ? at + CHIP : at;
        svg.append(String.format(Locale.ROOT, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#6b6462\">time</text>%n", x + 8, at + 14));
        svg.append("  </g>\n");
    }

    private static double compartment(StringBuilder svg, String title, double x, double at) {
        svg.append(String.format(Locale.ROOT, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#6b6462\">%s</text>%n", x + 8, at + 14, xml(title)));
        return at + TITLE;
    }

    private static double chip(StringBuilder svg, double x, double at, String label, AttributeInfo info, boolean tag) {
        boolean grows = info != null && info.growth() == Growth.GROWS;
        svg.append(String.format(Locale.ROOT, "    <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"22\" rx=\"11\" fill=\"%s\" stroke=\"#e2dedc\"/>%n",
            x + 8, at, CanvasView.CARD_WIDTH - 16, tag && grows ? "#fde2e1" : "#f6f4f3"));
        String text = info == null ? label : label + "  " + info.type() + "  " + Quantities.count(info.distinct()) + "  "
            + (grows ? "grows" : "closed");
        svg.append(String.format(Locale.ROOT, "    <text x=\"%.1f\" y=\"%.1f\">%s</text>%n", x + 18, at + 15, xml(text)));
        return at + CHIP;
    }

    /** Text for XML content and attribute values. */
    static String xml(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        out.append(' '); // not allowed in XML 1.0
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}

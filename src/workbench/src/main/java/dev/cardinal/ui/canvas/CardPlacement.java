package dev.cardinal.ui.canvas;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** Where cards go on the canvas: their saved places, or a row after the others; and the auto-layout's grid. */
final class CardPlacement {
    /** A card not drawn yet is taken to be this tall. */
    private static final double UNDRAWN_HEIGHT = 200;

    private CardPlacement() {
    }

    /** Where a layout's card is drawn: its saved position, or a place in a row after the others. */
    static Map<String, Position> positions(Workspace ws) {
        Map<String, Position> out = new LinkedHashMap<>();
        int i = 0;
        for (Layout l : ws.layouts()) {
            Position saved = ws.canvas().get(l.id());
            out.put(l.id(), saved != null ? saved
                : new Position(CanvasView.GAP / 2 + i * (CanvasView.CARD_WIDTH + CanvasView.GAP), CanvasView.GAP / 2));
            i++;
        }
        return out;
    }

    /**
     * Cards in a grid, layouts of one event kind side by side, one event kind per row: the auto-layout.
     *
     * @param size a drawn card's width and height by layout id, or null for a card not drawn
     */
    static Map<String, Position> arranged(Workspace ws, Function<String, double[]> size) {
        Map<String, Position> out = new LinkedHashMap<>();
        double y = CanvasView.GAP / 2;
        for (var kind : ws.eventKinds()) {
            double x = CanvasView.GAP / 2;
            double tallest = 0;
            for (Layout l : ws.layoutsOf(kind.name())) {
                double[] wh = size.apply(l.id());
                out.put(l.id(), new Position(x, y));
                x += (wh == null ? CanvasView.CARD_WIDTH : wh[0]) + CanvasView.GAP;
                tallest = Math.max(tallest, wh == null ? UNDRAWN_HEIGHT : wh[1]);
            }
            y += tallest + CanvasView.GAP;
        }
        return out;
    }
}

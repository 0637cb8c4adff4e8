package dev.cardinal.ui.canvas;

import dev.cardinal.projection.Quantities;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The attributes of one event kind as chips to drag onto any card of that kind (into Tags or Fields); this is how an
 * attribute a layout drops comes back, or a new layout is drawn.
 */
final class Palette {
    /** The layout id palette chips carry: they belong to no card. */
    static final String PALETTE = "";

    private final HBox row = new HBox(4);
    private final Cards cards;
    private String kind;
    private List<String> attributes = List.of();
    private Map<String, AttributeInfo> infos;

    Palette(Cards cards) {
        this.cards = cards;
        row.getStyleClass().setAll("palette");
        row.setAlignment(Pos.CENTER_LEFT);
        row.setId("palette");
    }

    HBox node() {
        return row;
    }

    /** The event kind shown, or null. */
    String kind() {
        return kind;
    }

    /** Shows {@code kind}'s attributes. */
    void show(String shownKind, List<String> shownAttributes, Map<String, AttributeInfo> shownInfos) {
        if (shownKind != null && shownKind.equals(kind) && shownAttributes.equals(attributes) && shownInfos == infos) {
            return; // the same chips: keep them
        }
        attributes = List.copyOf(shownAttributes);
        infos = shownInfos;
        kind = shownKind;
        row.getChildren().clear();
        if (kind == null) {
            return;
        }
        Label title = new Label(kind + ":");
        title.getStyleClass().add("hint");
        row.getChildren().add(title);
        for (String a : attributes) {
            AttributeInfo info = infos.get(a);
            // names only, in one row: the card's chips carry the numbers
            Chip c = cards.chip(PALETTE, a, a, null);
            if (info != null) {
                Tooltip.install(c, new Tooltip(a + " (" + info.type() + "), " + Quantities.count(info.distinct())
                    + " distinct values: drag it into a card's Tags or Fields"));
            }
            c.setId("palette-" + a);
            row.getChildren().add(c);
        }
    }
}

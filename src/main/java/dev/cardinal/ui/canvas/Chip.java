package dev.cardinal.ui.canvas;

import dev.cardinal.projection.Growth;
import dev.cardinal.projection.Quantities;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.shape.Polyline;

/**
 * One attribute on a card: its name, type, distinct values in the sample, growth class, and a sparkline of distinct
 * values as the sample is replayed. A chip can be dragged to the other compartment of its card.
 */
final class Chip extends HBox {
    static final double SPARK_W = 44;
    static final double SPARK_H = 14;

    private final String layoutId;
    private final String attribute;

    Chip(String layoutId, String attribute, String shownAs, AttributeInfo info) {
        this.layoutId = layoutId;
        this.attribute = attribute;
        getStyleClass().add("chip");
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(5);
        Label name = new Label(shownAs);
        name.getStyleClass().add("chip-name");
        name.setMinWidth(USE_PREF_SIZE);
        getChildren().add(name);
        if (info != null) {
            Label type = new Label(info.type());
            type.getStyleClass().add("chip-type");
            Label distinct = new Label(Quantities.count(info.distinct()));
            distinct.getStyleClass().add("chip-distinct");
            Label growth = new Label(info.growth() == Growth.GROWS ? "grows" : "closed");
            growth.getStyleClass().addAll("chip-growth", info.growth() == Growth.GROWS ? "grows" : "closed");
            getChildren().addAll(type, distinct, growth, sparkline(info.curve()));
            for (Label l : new Label[] {type, distinct, growth}) {
                l.setMinWidth(USE_PREF_SIZE);
            }
            pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("grows"), info.growth() == Growth.GROWS);
            Tooltip.install(this, new Tooltip(attribute + " (" + info.type() + "): " + Quantities.count(info.distinct())
                + " distinct values in the sample; " + (info.growth() == Growth.GROWS
                ? "new values keep arriving with traffic, so as a tag it grows the index with the business"
                : "a closed set: every value can be written down, safe as a tag")
                + ". Drag it to the other compartment, or select it and press T or F."));
        }
        setId("chip-" + layoutId + "-" + attribute);
    }

    String layoutId() {
        return layoutId;
    }

    String attribute() {
        return attribute;
    }

    /** Distinct values against points, scaled into a small box. */
    static Polyline sparkline(long[] curve) {
        Polyline line = new Polyline();
        line.getStyleClass().add("sparkline");
        if (curve == null || curve.length < 2) {
            return line;
        }
        long max = Math.max(1, curve[curve.length - 1]);
        for (int i = 0; i < curve.length; i++) {
            line.getPoints().addAll(SPARK_W * i / (curve.length - 1), SPARK_H - SPARK_H * curve[i] / max);
        }
        return line;
    }
}

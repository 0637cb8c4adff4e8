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

    private Label type;
    private Label distinct;
    private Label growth;
    private Polyline spark;
    private AttributeInfo info;

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
        setInfo(info);
        setId("chip-" + layoutId + "-" + attribute);
    }

    /**
     * Shows {@code next}: the numbers of a new sample are written into the chip's labels and sparkline, so a card
     * keeps its nodes (and their styles) when only the sample changed.
     */
    void setInfo(AttributeInfo next) {
        if (java.util.Objects.equals(info, next)) {
            return;
        }
        info = next;
        if (next == null) {
            getChildren().removeAll(type, distinct, growth, spark);
            type = null;
            distinct = null;
            growth = null;
            spark = null;
            pseudoClassStateChanged(GROWS, false);
            Tooltip.uninstall(this, tip);
            return;
        }
        boolean grows = next.growth() == Growth.GROWS;
        if (type == null) {
            type = new Label();
            type.getStyleClass().add("chip-type");
            distinct = new Label();
            distinct.getStyleClass().add("chip-distinct");
            growth = new Label();
            growth.getStyleClass().add("chip-growth");
            spark = new Polyline();
            spark.getStyleClass().add("sparkline");
            getChildren().addAll(type, distinct, growth, spark);
            for (Label l : new Label[] {type, distinct, growth}) {
                l.setMinWidth(USE_PREF_SIZE);
            }
            Tooltip.install(this, tip);
        }
        type.setText(next.type());
        distinct.setText(Quantities.count(next.distinct()));
        growth.setText(grows ? "grows" : "closed");
        growth.getStyleClass().removeAll("grows", "closed");
        growth.getStyleClass().add(grows ? "grows" : "closed");
        spark.getPoints().setAll(sparkPoints(next.curve()));
        pseudoClassStateChanged(GROWS, grows);
        tip.setText(attribute + " (" + next.type() + "): " + Quantities.count(next.distinct())
            + " distinct values in the sample; " + (grows
            ? "new values keep arriving with traffic, so as a tag it grows the index with the business"
            : "a closed set: every value can be written down, safe as a tag")
            + ". Drag it to the other compartment, or select it and press T or F.");
    }

    /** A chip whose attribute grows with traffic: red where it is indexed (a plain chip, or a template writing it). */
    static final javafx.css.PseudoClass GROWS = javafx.css.PseudoClass.getPseudoClass("grows");
    private final Tooltip tip = new Tooltip();

    String layoutId() {
        return layoutId;
    }

    String attribute() {
        return attribute;
    }

    /** Distinct values against points, scaled into a small box. */
    private static java.util.List<Double> sparkPoints(long[] curve) {
        java.util.List<Double> points = new java.util.ArrayList<>();
        if (curve == null || curve.length < 2) {
            return points;
        }
        long max = Math.max(1, curve[curve.length - 1]);
        for (int i = 0; i < curve.length; i++) {
            points.add(SPARK_W * i / (curve.length - 1));
            points.add(SPARK_H - SPARK_H * curve[i] / max);
        }
        return points;
    }
}

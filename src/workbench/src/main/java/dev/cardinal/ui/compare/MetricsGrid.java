package dev.cardinal.ui.compare;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.text.TextAlignment;

/**
 * The review's numbers as a table at its full height, inside the review's one scroll: every row shown, long names and
 * limit times wrapped within their column rather than cut, and the two value columns headed "A: layout" and
 * "B: layout" so they can be told apart at any width.
 */
public final class MetricsGrid extends GridPane {
    private static final PseudoClass BETTER = PseudoClass.getPseudoClass("better");
    private static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");
    private static final PseudoClass ODD = PseudoClass.getPseudoClass("odd");

    private List<ReviewRows> rows = List.of();
    private final Label aHeader = header("A", true, "Layout A");
    private final Label bHeader = header("B", true, "Layout B");

    public MetricsGrid() {
        getStyleClass().add("metrics-grid");
        // the metric's name takes what the values leave; a value column is as wide as its widest number, and a
        // long limit time wraps within a share of the width instead of pushing the other columns out (set at
        // each layout: GridPane alone would shrink the value columns first)
        ColumnConstraints name = new ColumnConstraints();
        name.setHgrow(Priority.ALWAYS);
        name.setMinWidth(100);
        getColumnConstraints().setAll(name, new ColumnConstraints(), new ColumnConstraints(), new ColumnConstraints());
        show("A", "B", List.of());
    }

    @Override
    protected void layoutChildren() {
        double room = getWidth() - snappedLeftInset() - snappedRightInset() - 3 * getHgap();
        double share = Math.max(110, room * 0.28);
        for (int column = 1; column <= 2; column++) {
            fix(column, Math.max(widest(column, true), Math.min(share, widest(column, false))));
        }
        fix(3, widest(3, false));
        super.layoutChildren();
    }

    /** The widest cell of {@code column} on one line; with {@code numbers}, of those that never wrap only. */
    private double widest(int column, boolean numbers) {
        double w = 0;
        for (Node n : getChildren()) {
            Integer at = getColumnIndex(n);
            Integer span = getColumnSpan(n);
            if (at != null && at == column && (span == null || span == 1) && (!numbers || ((Label) n).getMinWidth() == Region.USE_PREF_SIZE)) {
                w = Math.max(w, n.prefWidth(-1));
            }
        }
        return Math.ceil(w);
    }

    private void fix(int column, double width) {
        ColumnConstraints c = getColumnConstraints().get(column);
        if (c.getPrefWidth() != width) {
            c.setMinWidth(width);
            c.setPrefWidth(width);
            c.setMaxWidth(width);
        }
    }

    /** The rows shown, in order. */
    public List<ReviewRows> rows() {
        return rows;
    }

    /** The header of layout A's column ("A: ids-as-tags"). */
    public Label aHeader() {
        return aHeader;
    }

    /** The header of layout B's column. */
    public Label bHeader() {
        return bHeader;
    }

    /** Shows {@code rows} under the headers "A: {@code a}" and "B: {@code b}". */
    public void show(String a, String b, List<ReviewRows> shown) {
        rows = List.copyOf(shown);
        getChildren().clear();
        name(aHeader, "A", a);
        name(bHeader, "B", b);
        Region top = stripe(false);
        top.getStyleClass().add("metrics-header");
        add(top, 0, 0, 4, 1);
        cells(0, header("Metric", false, "What is measured; then the time to each limit"), aHeader, bHeader,
            header("Change", true, "B against A: marked when B is better or worse"));
        for (int i = 0; i < rows.size(); i++) {
            ReviewRows r = rows.get(i);
            int at = i + 1;
            add(stripe(i % 2 == 1), 0, at, 4, 1);
            Label change = number(cell(r.change(), true));
            change.getStyleClass().add("change");
            change.pseudoClassStateChanged(BETTER, Boolean.TRUE.equals(r.better()));
            change.pseudoClassStateChanged(WORSE, Boolean.FALSE.equals(r.better()));
            boolean counts = r.metric() != null; // else the time to a limit, in words
            Label inA = cell(r.a(), true);
            Label inB = cell(r.b(), true);
            cells(at, cell(r.name(), false), counts ? number(inA) : inA, counts ? number(inB) : inB, change);
        }
    }

    /** One row's cells, over its stripe (addRow would put them after the stripe's columns). */
    private void cells(int row, Label... cells) {
        for (int column = 0; column < cells.length; column++) {
            add(cells[column], column, row);
        }
    }

    private static void name(Label header, String letter, String layout) {
        header.setText(letter + ": " + layout);
        header.getTooltip().setText("Layout " + letter + ": " + layout);
    }

    private static Label header(String text, boolean number, String tip) {
        Label l = cell(text, number);
        l.getStyleClass().add("metrics-heading");
        l.setTooltip(new Tooltip(tip));
        return l;
    }

    private static Label cell(String text, boolean number) {
        Label l = new Label(text);
        l.getStyleClass().add("metrics-cell");
        l.setWrapText(true);
        l.setAlignment(number ? Pos.TOP_RIGHT : Pos.TOP_LEFT);
        l.setTextAlignment(number ? TextAlignment.RIGHT : TextAlignment.LEFT);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Region.USE_PREF_SIZE);
        setHgrow(l, Priority.ALWAYS);
        return l;
    }

    /** A number is never wrapped: its column is at least as wide. */
    private static Label number(Label l) {
        l.setWrapText(false);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    /** The background of one row, behind its cells. */
    private static Region stripe(boolean odd) {
        Region r = new Region();
        r.getStyleClass().add("metrics-row");
        r.pseudoClassStateChanged(ODD, odd);
        r.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        return r;
    }
}

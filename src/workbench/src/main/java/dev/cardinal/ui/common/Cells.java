package dev.cardinal.ui.common;

import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Severity;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/** Table cells the views share. */
public final class Cells {
    private Cells() {
    }

    /**
     * Marks a row or cell with its finding's severity, as the pseudo-class of that name (error, warning, info);
     * none when {@code f} is null (an empty row).
     */
    public static void markSeverity(Node node, Finding f) {
        for (Severity s : Severity.values()) {
            node.pseudoClassStateChanged(PseudoClass.getPseudoClass(s.name().toLowerCase(Locale.ROOT)),
                f != null && f.severity() == s);
        }
    }

    /** A text cell whose full text is also its tooltip, for numbers and names wider than the column. */
    public static <S> TableCell<S, String> textWithTooltip() {
        return textWithTooltip(null);
    }

    /**
     * A text cell with a tooltip of its own: {@code tip}'s text for the cell's row, or the cell's full text when
     * {@code tip} is null.
     */
    public static <S> TableCell<S, String> textWithTooltip(java.util.function.Function<S, String> tipOf) {
        return new TableCell<>() {
            // one tooltip per cell, its text updated: a new Tooltip per update costs the FX thread a popup's styling
            private final Tooltip tip = new Tooltip();

            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                if (empty || v == null || v.isEmpty()) {
                    setTooltip(null);
                } else {
                    S row = getIndex() >= 0 && getIndex() < getTableView().getItems().size() ? getTableView().getItems().get(getIndex()) : null;
                    tip.setText(tipOf == null || row == null ? v : tipOf.apply(row));
                    tip.setWrapText(true);
                    tip.setMaxWidth(420);
                    setTooltip(tip);
                }
            }
        };
    }

    /**
     * A tree cell showing its item's text, which is also its tooltip: a narrow tree cuts a layout's event kind or a
     * target's address, and the tooltip gives it whole.
     */
    public static <T> javafx.scene.control.TreeCell<T> treeTextWithTooltip() {
        return new javafx.scene.control.TreeCell<>() {
            private final Tooltip tip = new Tooltip();

            @Override
            protected void updateItem(T v, boolean empty) {
                super.updateItem(v, empty);
                String text = empty || v == null ? null : v.toString();
                setText(text);
                if (text == null || text.isEmpty()) {
                    setTooltip(null);
                } else {
                    tip.setText(text);
                    setTooltip(tip);
                }
            }
        };
    }

    /** A count with separators; a negative number means "not known" and shows a dash. */
    public static <S> TableCell<S, Long> count() {
        return new TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : v < 0 ? "—" : String.format(Locale.ROOT, "%,d", v));
            }
        };
    }
}

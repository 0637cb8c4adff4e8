package dev.cardinal.ui.compare;

import dev.cardinal.lint.Finding;
import dev.cardinal.ui.common.Cells;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One layout's findings under its card, a wrapped row each at its natural height (the review scrolls as a whole):
 * severity, rule, what it says and its fix; the evidence in the row's tooltip. Each row carries its finding as its
 * user data.
 */
public final class FindingRows extends VBox {
    private List<Finding> findings = List.of();

    public FindingRows() {
        getStyleClass().add("finding-rows");
        show(List.of());
    }

    /** The findings shown, in order. */
    public List<Finding> findings() {
        return findings;
    }

    public void show(List<Finding> shown) {
        findings = List.copyOf(shown);
        getChildren().clear();
        if (findings.isEmpty()) {
            Label none = new Label("No findings.");
            none.getStyleClass().add("hint");
            getChildren().add(none);
        }
        for (Finding f : findings) {
            getChildren().add(row(f));
        }
    }

    /** A badge with the severity, then the text wrapped beside it (a label's own graphic would cut wrapped text). */
    private static HBox row(Finding f) {
        Label severity = new Label(f.severity().name().toLowerCase(Locale.ROOT));
        severity.getStyleClass().add("severity-badge");
        severity.setMinWidth(Region.USE_PREF_SIZE);
        Label text = new Label(f.rule() + "  " + f.message() + "\nFix: " + f.fix().title());
        text.getStyleClass().add("finding-text");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setTooltip(new Tooltip(f.evidence().isEmpty() ? f.message() : String.join("\n",
            f.evidence().stream().map(e -> e.label() + ": " + e.value()).toList())));
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(8, severity, text);
        row.getStyleClass().add("finding-row");
        row.setAlignment(Pos.TOP_LEFT);
        for (javafx.scene.Node n : List.of(row, severity, text)) {
            Cells.markSeverity(n, f);
        }
        row.setUserData(f);
        return row;
    }
}

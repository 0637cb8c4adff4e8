package dev.cardinal.ui.compare;

import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * A read-only text area as tall as its wrapped text, for a view that scrolls as a whole: the area itself never
 * scrolls, and its text can still be selected and copied.
 */
public final class WholeTextArea extends TextArea {

    public WholeTextArea() {
        setEditable(false);
        setWrapText(true);
        setMinHeight(Region.USE_PREF_SIZE);
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        // the skin's scroll pane holds one Text node for the whole text, wrapped to the width laid out just now
        if (lookup(".scroll-pane") instanceof ScrollPane inner && inner.getContent() instanceof Region content
            && content.lookup(".text") instanceof Text text) {
            inner.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            inner.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            double h = Math.ceil(text.getLayoutBounds().getHeight() + content.snappedTopInset() + content.snappedBottomInset()
                + inner.snappedTopInset() + inner.snappedBottomInset() + snappedTopInset() + snappedBottomInset()) + 2;
            if (Math.abs(h - getPrefHeight()) > 0.5) {
                setPrefHeight(h);
            }
        }
    }
}

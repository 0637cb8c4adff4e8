package dev.cardinal.ui.common;

import java.util.List;

/** What the canvas answers to besides keys ({@link KeyBinding}): the mouse, listed under the keys in Help. */
public record CanvasGesture(String gesture, String does) {
    public static final List<CanvasGesture> ALL = List.of(
        new CanvasGesture("Drag a chip to Tags or Fields", "make it a tag or a field"),
        new CanvasGesture("Drag a card by its header", "move it (saved with the workspace)"),
        new CanvasGesture("Double-click a card's header", "measurement name or template"),
        new CanvasGesture("Right-click a chip, card or the canvas", "what can be done there"),
        new CanvasGesture("Ctrl+wheel", "zoom the canvas"),
        new CanvasGesture("Delete on a selected card", "delete its layout"));
}

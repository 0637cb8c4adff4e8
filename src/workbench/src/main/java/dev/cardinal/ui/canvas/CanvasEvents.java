package dev.cardinal.ui.canvas;

import dev.cardinal.model.Position;
import dev.cardinal.model.Role;
import java.util.List;
import javafx.scene.control.MenuItem;

/**
 * What the user did on the canvas, for the controller (the view only reports it; {@link Cards} reports the mouse's
 * part), and what the context menus of chips, cards and the empty canvas offer (the view opens the menu where the
 * user asked for it, after selecting what was clicked).
 */
public interface CanvasEvents {
    default void selectLayout(String layoutId) {
    }

    /** The attribute whose chip was selected, or null when none is. */
    default void selectAttribute(String attribute) {
    }

    default void roleChange(CanvasView.RoleChange change) {
    }

    default void moveCard(String layoutId, Position to) {
    }

    /** F2 on a selected card. */
    default void renameLayout(String layoutId) {
    }

    /** Delete on a selected card (no chip selected). */
    default void deleteLayout(String layoutId) {
    }

    /** A double click on a card's header. */
    default void editMeasurement(String layoutId) {
    }

    /**
     * "Edit" on a templated tag or field ({@code text} is what the card shows, {@code key = template}); "Remove"
     * comes as role DROPPED with the key.
     */
    default void editTemplate(String layoutId, Role role, String text) {
    }

    default List<MenuItem> chipMenu(String layoutId, String attribute) {
        return List.of();
    }

    default List<MenuItem> cardMenu(String layoutId) {
        return List.of();
    }

    default List<MenuItem> canvasMenu() {
        return List.of();
    }
}

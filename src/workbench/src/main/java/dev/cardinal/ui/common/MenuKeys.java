package dev.cardinal.ui.common;

import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;

/**
 * A second key for a menu item (a menu item has one accelerator): kept on the item itself, so the item stays the one
 * place its keys are defined, the scene answers to it, and Help's list of shortcuts reads it from there.
 */
public final class MenuKeys {
    private static final String ALSO = "cardinal.alsoAccelerator";

    private MenuKeys() {
    }

    public static void also(MenuItem item, KeyCombination keys) {
        item.getProperties().put(ALSO, keys);
    }

    public static Optional<KeyCombination> alsoOf(MenuItem item) {
        return item.getProperties().get(ALSO) instanceof KeyCombination k ? Optional.of(k) : Optional.empty();
    }

    /** Makes every second key of the bar's items fire its item (when enabled) in whatever scene the bar is shown. */
    public static void install(MenuBar bar) {
        bar.sceneProperty().addListener((o, before, scene) -> {
            if (before != null) {
                each(bar, (item, keys) -> before.getAccelerators().remove(keys));
            }
            if (scene != null) {
                put(bar, scene);
            }
        });
        if (bar.getScene() != null) {
            put(bar, bar.getScene());
        }
    }

    private static void put(MenuBar bar, Scene scene) {
        each(bar, (item, keys) -> scene.getAccelerators().put(keys, () -> {
            if (!item.isDisable()) {
                item.fire();
            }
        }));
    }

    private static void each(MenuBar bar, java.util.function.BiConsumer<MenuItem, KeyCombination> action) {
        for (Menu menu : bar.getMenus()) {
            for (MenuItem item : menu.getItems()) {
                alsoOf(item).ifPresent(keys -> action.accept(item, keys));
            }
        }
    }
}

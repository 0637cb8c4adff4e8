package dev.cardinal.ui.common;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;

/**
 * Gives the menu bar's items their keys from {@link KeyBinding}: the accelerator, and the scene answers to a
 * binding's other keys (a menu item has one accelerator) by firing the item, when it is enabled.
 */
public final class MenuKeys {
    private MenuKeys() {
    }

    /**
     * Sets the keys of every item whose id is a binding's; a binding without its item, or an item that has keys the
     * table does not give, fails here rather than leaving a key that does nothing or is listed nowhere.
     */
    public static void bind(MenuBar bar) {
        Set<KeyBinding> found = EnumSet.noneOf(KeyBinding.class);
        for (MenuItem item : items(bar)) {
            KeyBinding binding = item.getId() == null ? null : KeyBinding.byId(item.getId()).orElse(null);
            if (binding != null) {
                item.setAccelerator(binding.primary());
                found.add(binding);
            } else if (item.getAccelerator() != null) {
                throw new IllegalStateException("the menu item " + item.getText() + " has keys that KeyBinding does not define");
            }
        }
        Set<KeyBinding> missing = EnumSet.allOf(KeyBinding.class);
        missing.removeAll(found);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("no menu item with the id of " + missing);
        }
        bar.sceneProperty().addListener((o, before, scene) -> {
            if (before != null) {
                alternatives(bar, (item, keys) -> before.getAccelerators().remove(keys));
            }
            if (scene != null) {
                put(bar, scene);
            }
        });
        if (bar.getScene() != null) {
            put(bar, bar.getScene());
        }
    }

    /** The bar's items, menu by menu (submenus such as Open Recent hold no keys of their own). */
    public static List<MenuItem> items(MenuBar bar) {
        List<MenuItem> out = new ArrayList<>();
        for (Menu menu : bar.getMenus()) {
            out.addAll(menu.getItems());
        }
        return out;
    }

    private static void put(MenuBar bar, Scene scene) {
        alternatives(bar, (item, keys) -> scene.getAccelerators().put(keys, () -> {
            if (!item.isDisable()) {
                item.fire();
            }
        }));
    }

    private static void alternatives(MenuBar bar, BiConsumer<MenuItem, KeyCombination> action) {
        for (MenuItem item : items(bar)) {
            if (item.getId() != null) {
                KeyBinding.byId(item.getId()).ifPresent(b -> b.alternatives().forEach(keys -> action.accept(item, keys)));
            }
        }
    }
}

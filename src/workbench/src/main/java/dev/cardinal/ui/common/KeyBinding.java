package dev.cardinal.ui.common;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Every key the workbench answers to, in one table: the menu bar takes its accelerators from it (by the menu item's
 * id), the canvas's context menus show the same keys, and Help > Keyboard Shortcuts lists it. A key added here is in
 * the menus and in the list at once.
 */
public enum KeyBinding {
    NEW_WORKSPACE("File", "newWorkspace", "New Workspace", shortcut(KeyCode.N)),
    OPEN_WORKSPACE("File", "openWorkspace", "Open Workspace…", control(KeyCode.O)),
    ADD_SAMPLE_TRAFFIC("File", "addSampleTraffic", "Add Sample Traffic…", shortcutShift(KeyCode.O)),
    SAVE("File", "saveItem", "Save", shortcut(KeyCode.S)),
    SAVE_AS("File", "saveAsItem", "Save As…", shortcutShift(KeyCode.S)),
    QUIT("File", "quit", "Quit", control(KeyCode.Q)),
    UNDO("Edit", "undoItem", "Undo", shortcut(KeyCode.Z)),
    // most database tools on Linux and Windows redo on Ctrl+Y too
    REDO("Edit", "redoItem", "Redo", shortcutShift(KeyCode.Z), shortcut(KeyCode.Y)),
    NEW_LAYOUT("Edit", "newLayout", "New Layout", shortcutShift(KeyCode.N)),
    DUPLICATE_LAYOUT("Edit", "duplicateLayout", "Duplicate Layout", shortcut(KeyCode.D)),
    RENAME_LAYOUT("Edit", "renameLayout", "Rename Layout…", plain(KeyCode.F2)),
    DELETE_LAYOUT("Edit", "deleteLayout", "Delete Layout", shortcut(KeyCode.DELETE)),
    MAKE_TAG("Edit", "makeTagItem", "Make Tag", plain(KeyCode.T)),
    MAKE_FIELD("Edit", "makeFieldItem", "Make Field", plain(KeyCode.F)),
    DROP_FROM_LAYOUT("Edit", "dropItem", "Drop from Layout", plain(KeyCode.DELETE)),
    DARK_THEME("View", "darkTheme", "Dark Theme", shortcutShift(KeyCode.D)),
    ZOOM_IN("View", "zoomIn", "Zoom In", shortcut(KeyCode.EQUALS)),
    ZOOM_OUT("View", "zoomOut", "Zoom Out", shortcut(KeyCode.MINUS)),
    FIT_TO_WINDOW("View", "fitToWindow", "Fit to Window", shortcut(KeyCode.DIGIT0)),
    COMPARE_LAYOUTS("View", "compareLayouts", "Compare Layouts", shortcut(KeyCode.K)),
    KEYBOARD_SHORTCUTS("Help", "keyboardShortcuts", "Keyboard Shortcuts", shortcut(KeyCode.SLASH)),
    USER_GUIDE("Help", "userGuide", "User Guide", plain(KeyCode.F1));

    private final String menu;
    private final String id;
    private final String label;
    private final List<KeyCombination> keys;

    KeyBinding(String menu, String id, String label, KeyCombination first, KeyCombination... more) {
        this.menu = menu;
        this.id = id;
        this.label = label;
        this.keys = concat(first, more);
    }

    /** The menu (File, Edit, View, Help) whose item this binding is. */
    public String menu() {
        return menu;
    }

    /** The id of the menu item that carries these keys (its fx:id where the controller names the item). */
    public String id() {
        return id;
    }

    /** The command as its menu item names it. */
    public String label() {
        return label;
    }

    /** The menu item's accelerator. */
    public KeyCombination primary() {
        return keys.get(0);
    }

    /** Keys that do the same as the accelerator (a menu item shows one). */
    public List<KeyCombination> alternatives() {
        return keys.subList(1, keys.size());
    }

    /** "Ctrl+Shift+Z or Ctrl+Y", as the platform names the keys. */
    public String keysText() {
        return keys.stream().map(KeyCombination::getDisplayText).collect(Collectors.joining(" or "));
    }

    public boolean matches(KeyEvent e) {
        return keys.stream().anyMatch(k -> k.match(e));
    }

    public static Optional<KeyBinding> byId(String id) {
        return Arrays.stream(values()).filter(b -> b.id.equals(id)).findFirst();
    }

    private static List<KeyCombination> concat(KeyCombination first, KeyCombination... more) {
        KeyCombination[] all = new KeyCombination[more.length + 1];
        all[0] = first;
        System.arraycopy(more, 0, all, 1, more.length);
        return List.of(all);
    }

    private static KeyCombination plain(KeyCode code) {
        return new KeyCodeCombination(code);
    }

    /** Ctrl on Linux and Windows, Cmd on macOS. */
    private static KeyCombination shortcut(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    private static KeyCombination shortcutShift(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    }

    /** Ctrl on every platform (Open and Quit have been Ctrl+O and Ctrl+Q since the first menus). */
    private static KeyCombination control(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.CONTROL_DOWN);
    }
}

package dev.cardinal.ui.canvas;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TemplateException;
import dev.cardinal.model.Workspace;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.KeyBinding;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

/**
 * What the user does on the canvas, made into undoable edits of the session or the panel's dialogs; and the context
 * menus, with the real actions: on a chip (Make Tag, Make Field, Drop, Rename, Show in Attributes), on a card (Rename,
 * Duplicate Layout, Delete, Measurement Template, Compare With…) and on the empty canvas (New Layout, Auto-layout,
 * Fit). Items show the keys that do the same.
 */
final class CanvasActions implements CanvasEvents {
    private final WorkspaceSession session;
    private final CanvasPanelController panel;
    private Consumer<String> showInAttributes = a -> { };
    private BiConsumer<String, String> compare = (a, b) -> { };

    CanvasActions(WorkspaceSession session, CanvasPanelController panel) {
        this.session = session;
        this.panel = panel;
    }

    @Override
    public void selectLayout(String layoutId) {
        session.select(layoutId);
    }

    @Override
    public void selectAttribute(String attribute) {
        session.selectedAttributeProperty().set(attribute);
    }

    @Override
    public void roleChange(CanvasView.RoleChange c) {
        session.edits().setRole(c.layoutId(), c.attribute(), c.role());
    }

    @Override
    public void moveCard(String layoutId, dev.cardinal.model.Position to) {
        session.edits().moveCard(layoutId, to);
    }

    @Override
    public void renameLayout(String layoutId) {
        panel.renameLayout(layoutId);
    }

    @Override
    public void deleteLayout(String layoutId) {
        panel.deleteLayout(layoutId);
    }

    @Override
    public void editMeasurement(String layoutId) {
        panel.editMeasurement(layoutId);
    }

    @Override
    public void editTemplate(String layoutId, Role role, String text) {
        panel.editTemplate(layoutId, role, text);
    }

    void setOnShowInAttributes(Consumer<String> handler) {
        showInAttributes = handler;
    }

    void setOnCompare(BiConsumer<String, String> handler) {
        compare = handler;
    }

    private static MenuItem item(String text, KeyCombination keys, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setMnemonicParsing(false);
        // shown beside the item: the keys the menu bar's item of the same command has (KeyBinding)
        item.setAccelerator(keys);
        item.setOnAction(e -> action.run());
        return item;
    }

    @Override
    public List<MenuItem> chipMenu(String layoutId, String attribute) {
        Layout layout = session.workspace() == null ? null : session.workspace().layout(layoutId).orElse(null);
        if (layout == null) {
            return List.of();
        }
        Role role = layout.roleOf(attribute);
        MenuItem tag = item("Make Tag", KeyBinding.MAKE_TAG.primary(), () -> session.edits().setRole(layoutId, attribute, Role.TAG));
        MenuItem field = item("Make Field", KeyBinding.MAKE_FIELD.primary(), () -> session.edits().setRole(layoutId, attribute, Role.FIELD));
        MenuItem drop = item("Drop from Layout", KeyBinding.DROP_FROM_LAYOUT.primary(),
            () -> session.edits().setRole(layoutId, attribute, Role.DROPPED));
        tag.setDisable(role == Role.TAG);
        field.setDisable(role == Role.FIELD);
        MenuItem rename = item("Rename Key…", null, () -> renameKey(layout, attribute));
        rename.setDisable(role != Role.TAG && role != Role.FIELD);
        MenuItem show = item("Show in Attributes", null, () -> showInAttributes.accept(attribute));
        List<MenuItem> items = new ArrayList<>(List.of(tag, field, drop, new SeparatorMenuItem(), rename, show, new SeparatorMenuItem()));
        items.addAll(templateItems(layoutId));
        return items;
    }

    /**
     * "Add Templated Tag…" and "Add Templated Field…": on every menu of a card (its header, a compartment, a chip), not
     * only on the thin margin of a compartment beside its chips, where a newcomer never found them (issue 34).
     */
    private List<MenuItem> templateItems(String layoutId) {
        return List.of(item("Add Templated Tag…", null, () -> panel.editTemplate(layoutId, Role.TAG, null)),
            item("Add Templated Field…", null, () -> panel.editTemplate(layoutId, Role.FIELD, null)));
    }

    /**
     * Writes the attribute under another key in this layout (user_id as uid): a tag key {@code uid = {user_id}}, or a
     * field key {@code uid = user_id}, in place of the plain one.
     */
    private void renameKey(Layout layout, String attribute) {
        Dialogs.ask(panel.canvas(), "Rename key", "Write " + attribute + " in " + layout.name() + " under the key:", attribute)
            .filter(key -> !key.equals(attribute))
            .ifPresent(key -> {
                try {
                    session.edits().renameKey(layout.id(), attribute, key);
                } catch (TemplateException e) {
                    session.showStatus("Cannot rename " + attribute + ": " + e.getMessage());
                }
            });
    }

    @Override
    public List<MenuItem> cardMenu(String layoutId) {
        Workspace ws = session.workspace();
        Layout layout = ws == null ? null : ws.layout(layoutId).orElse(null);
        if (layout == null) {
            return List.of();
        }
        MenuItem rename = item("Rename…", KeyBinding.RENAME_LAYOUT.primary(), () -> panel.renameLayout(layoutId));
        MenuItem duplicate = item("Duplicate Layout", KeyBinding.DUPLICATE_LAYOUT.primary(),
            () -> panel.duplicateLayout(layoutId));
        MenuItem measurement = item("Measurement Name or Template…", null, () -> panel.editMeasurement(layoutId));
        MenuItem delete = item("Delete Layout", KeyBinding.DELETE_LAYOUT.primary(),
            () -> panel.deleteLayout(layoutId));
        Menu compareWith = new Menu("Compare With");
        compareWith.setMnemonicParsing(false);
        for (Layout other : ws.layoutsOf(layout.eventKind())) {
            if (!other.id().equals(layoutId)) {
                compareWith.getItems().add(item(other.name(), null, () -> compare.accept(layoutId, other.id())));
            }
        }
        compareWith.setDisable(compareWith.getItems().isEmpty());
        List<MenuItem> items = new ArrayList<>(List.of(rename, duplicate, measurement));
        items.addAll(templateItems(layoutId));
        items.addAll(List.of(compareWith, new SeparatorMenuItem(), delete));
        return items;
    }

    @Override
    public List<MenuItem> canvasMenu() {
        if (session.workspace() == null || session.workspace().eventKinds().isEmpty()) {
            return List.of();
        }
        return List.of(
            item("New Layout", KeyBinding.NEW_LAYOUT.primary(), panel::newLayout),
            item("Auto-layout", null, panel::arrangeCanvas),
            item("Fit to Window", KeyBinding.FIT_TO_WINDOW.primary(), panel::fitCanvas));
    }
}

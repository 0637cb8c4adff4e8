package dev.cardinal.ui.canvas;

import dev.cardinal.model.Durations;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.VBox;

/**
 * The nodes of the canvas: a card per layout (header, Tags (indexed) and Fields compartments, the time column), a
 * chip per attribute, and how each answers the mouse: select, drag a chip to the other compartment, drag a card by its
 * header, double-click a header, and the context menus. What the user did goes to the {@link CanvasView}'s handlers.
 */
final class Cards {
    private static final PseudoClass DROP = PseudoClass.getPseudoClass("drop-target");
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    private final CanvasView view;
    /** One context menu for the whole canvas, filled when it opens. */
    private final ContextMenu menu = new ContextMenu();

    Cards(CanvasView view) {
        this.view = view;
    }

    /** Opens the context menu at the pointer with {@code items}, when there are any. */
    void showMenu(Node owner, List<MenuItem> items, double screenX, double screenY) {
        menu.hide();
        if (!items.isEmpty()) {
            menu.getItems().setAll(items);
            menu.show(owner, screenX, screenY);
        }
    }

    boolean menuShowing() {
        return menu.isShowing();
    }

    /**
     * Opens {@code items} on a context-menu request, and on a secondary click for platforms that send no such request
     * (and the headless tests); {@code first} runs before (a selection).
     */
    void withMenu(Node node, Runnable first, Supplier<List<MenuItem>> items) {
        node.setOnContextMenuRequested(e -> {
            first.run();
            showMenu(node, items.get(), e.getScreenX(), e.getScreenY());
            e.consume();
        });
        node.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY && !e.isConsumed() && !menu.isShowing()) {
                first.run();
                showMenu(node, items.get(), e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
    }

    VBox card(Layout l, Map<String, AttributeInfo> infos) {
        VBox card = new VBox();
        card.getStyleClass().add("card");
        card.setId("card-" + l.id());
        card.setMinWidth(CanvasView.CARD_WIDTH);
        Label measurement = new Label(l.measurement().pattern());
        measurement.getStyleClass().add("card-measurement");
        Label name = new Label(l.name() + " · " + l.eventKind() + " · " + l.retention().name() + " "
            + Durations.format(l.retention().duration()));
        name.getStyleClass().add("card-layout");
        VBox header = new VBox(2, measurement, name);
        header.getStyleClass().add("card-header");
        movable(card, header, l.id());

        VBox tags = compartment(l.id(), l.eventKind(), Role.TAG);
        for (TagSpec t : l.tags()) {
            tags.getChildren().add(t.isPlain() ? chip(l.id(), t.key(), t.key(), infos.get(t.key()))
                : fixed(l.id(), Role.TAG, t.key(), t.key() + " = " + t.value().pattern(), refs(t.value()), infos));
        }
        VBox fields = compartment(l.id(), l.eventKind(), Role.FIELD);
        for (FieldSpec f : l.fields()) {
            fields.getChildren().add(f.isPlain() ? chip(l.id(), f.attribute(), f.attribute(), infos.get(f.attribute()))
                : fixed(l.id(), Role.FIELD, f.key().pattern(), f.key().pattern() + " = " + f.attribute(),
                    refs(f.key()), infos));
        }
        Label tagsTitle = new Label("Tags (indexed)");
        tagsTitle.getStyleClass().add("compartment-title");
        tagsTitle.setTooltip(new Tooltip("A tag is indexed: every distinct combination of tag values is a"
            + " series, and the index holds every series. Tags are for closed sets you filter or group by."));
        Label fieldsTitle = new Label("Fields");
        fieldsTitle.getStyleClass().add("compartment-title");
        fieldsTitle.setTooltip(new Tooltip("A field is stored with each point and not indexed: ids and"
            + " measurements belong here, however many values they take."));
        Label time = new Label("time");
        time.getStyleClass().add("card-time");
        time.setId("time-" + l.id());
        // for a document engine: the mapping the layout builds in an index (CanvasView.showMappings)
        Label mapping = new Label();
        mapping.getStyleClass().add("card-mapping");
        mapping.setId("mapping-" + l.id());
        mapping.setWrapText(true);
        mapping.setMaxWidth(CanvasView.CARD_WIDTH);
        mapping.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        mapping.setVisible(false);
        mapping.setManaged(false);
        card.getChildren().addAll(header, tagsTitle, tags, fieldsTitle, fields, time, mapping);
        card.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                view.requestFocus();
                view.clearChip();
                view.events.selectLayout(l.id());
            }
        });
        withMenu(card, () -> selectCard(l.id()), () -> view.events.cardMenu(l.id()));
        header.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                view.events.editMeasurement(l.id());
                e.consume();
            }
        });
        return card;
    }

    /** The attributes a template writes value by value; a slot's values are bounded by its max, so it does not grow. */
    private static List<String> refs(dev.cardinal.model.Template t) {
        return t.parts().stream().filter(p -> p instanceof dev.cardinal.model.Template.Ref)
            .map(p -> ((dev.cardinal.model.Template.Ref) p).attribute()).distinct().toList();
    }

    private static Label chipLabel(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("chip-distinct");
        return l;
    }

    private void selectCard(String layoutId) {
        view.requestFocus();
        view.clearChip();
        view.events.selectLayout(layoutId);
    }

    /**
     * A templated tag or field: shown as {@code key = template}, edited or removed from its menu or by double-click. It
     * grows when an attribute it writes grows (red in Tags, as a plain chip), and one attribute under another key keeps
     * that attribute's distinct count.
     */
    private Label fixed(String layoutId, Role role, String key, String text, java.util.Collection<String> written,
                        Map<String, AttributeInfo> infos) {
        Label l = new Label(text);
        l.getStyleClass().addAll("chip", "templated");
        l.setId("templated-" + layoutId + "-" + key.replaceAll("[^A-Za-z0-9_-]", "_"));
        List<String> growing = written.stream().filter(a -> infos.get(a) != null
            && infos.get(a).growth() == dev.cardinal.projection.Growth.GROWS).toList();
        AttributeInfo only = written.size() == 1 ? infos.get(written.iterator().next()) : null;
        if (!growing.isEmpty() || only != null) {
            boolean grows = !growing.isEmpty();
            Label badge = new Label(grows ? "grows" : "closed");
            badge.getStyleClass().addAll("chip-growth", grows ? "grows" : "closed");
            l.setGraphic(only == null ? badge : new javafx.scene.layout.HBox(5, chipLabel(
                dev.cardinal.projection.Quantities.count(only.distinct())), badge));
            l.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
            l.setGraphicTextGap(6);
            l.pseudoClassStateChanged(Chip.GROWS, grows);
            l.setTooltip(new javafx.scene.control.Tooltip(grows
                ? String.join(", ", growing) + (growing.size() == 1 ? " grows" : " grow") + " with traffic: "
                    + (role == Role.TAG ? "as a tag it grows the index with the business" : "a field key that grows is a new field per value")
                : "a closed set: every value can be written down"));
        }
        withMenu(l, () -> selectCard(layoutId), () -> {
            MenuItem edit = new MenuItem("Edit…");
            edit.setOnAction(e -> view.events.editTemplate(layoutId, role, text));
            MenuItem remove = new MenuItem("Remove");
            remove.setOnAction(e -> view.events.editTemplate(layoutId, Role.DROPPED, key));
            return List.of(edit, remove);
        });
        l.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                view.events.editTemplate(layoutId, role, text);
            }
            if (e.getButton() == MouseButton.PRIMARY) {
                e.consume();
            }
        });
        return l;
    }

    /**
     * Moves the chips of {@code card}, drawn for {@code before}, to where {@code now} has them, when the two differ only
     * in which plain attributes are tags, fields or neither (a role toggle): the chips that stay are the same nodes, so
     * only a moved chip has its style computed again. False, with the card untouched, when anything else differs or a
     * tag or field is templated: then the card is drawn anew.
     */
    boolean rearrange(VBox card, Layout before, Layout now, Map<String, AttributeInfo> infos) {
        if (!before.id().equals(now.id()) || !before.name().equals(now.name()) || !before.eventKind().equals(now.eventKind())
            || !before.measurement().equals(now.measurement()) || !before.retention().equals(now.retention())
            || !allPlain(before) || !allPlain(now) || card.getChildren().size() != 7
            || !(card.getChildren().get(2) instanceof VBox tags) || !(card.getChildren().get(4) instanceof VBox fields)) {
            return false;
        }
        Map<String, Chip> chips = new java.util.HashMap<>();
        for (VBox box : List.of(tags, fields)) {
            for (Node n : box.getChildren()) {
                if (!(n instanceof Chip c)) {
                    return false;
                }
                chips.put(c.attribute(), c);
            }
        }
        List<Node> tagChips = new java.util.ArrayList<>();
        for (TagSpec t : now.tags()) {
            tagChips.add(reused(chips, now.id(), t.key(), infos));
        }
        List<Node> fieldChips = new java.util.ArrayList<>();
        for (FieldSpec f : now.fields()) {
            fieldChips.add(reused(chips, now.id(), f.attribute(), infos));
        }
        // a chip made a tag leaves the fields before it joins the tags (keepAttached drops what a list no longer holds)
        fields.getChildren().removeIf(n -> !fieldChips.contains(n));
        keepAttached(tags.getChildren(), tagChips);
        keepAttached(fields.getChildren(), fieldChips);
        return true;
    }

    /**
     * Makes {@code children} hold {@code want}, in order, touching only what changed: a node taken off the scene and
     * put back has its styles computed again, which for every card at each edit cost most of a role toggle on the FX
     * thread.
     */
    static void keepAttached(javafx.collections.ObservableList<Node> children, List<? extends Node> want) {
        java.util.Set<Node> wanted = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        wanted.addAll(want);
        children.removeIf(n -> !wanted.contains(n));
        for (int i = 0; i < want.size(); i++) {
            Node n = want.get(i);
            if (i < children.size() && children.get(i) == n) {
                continue;
            }
            children.remove(n);
            children.add(i, n);
        }
    }

    private static boolean allPlain(Layout l) {
        return l.tags().stream().allMatch(TagSpec::isPlain) && l.fields().stream().allMatch(FieldSpec::isPlain);
    }

    private Chip reused(Map<String, Chip> chips, String layoutId, String attribute, Map<String, AttributeInfo> infos) {
        Chip c = chips.get(attribute);
        if (c == null) {
            return chip(layoutId, attribute, attribute, infos.get(attribute));
        }
        c.setInfo(infos.get(attribute));
        return c;
    }

    Chip chip(String layoutId, String attribute, String shownAs, AttributeInfo info) {
        Chip c = new Chip(layoutId, attribute, shownAs, info);
        c.pseudoClassStateChanged(CHANGED, view.marked.contains(attribute));
        c.setOnMousePressed(e -> {
            view.select(c);
            view.requestFocus();
            view.events.selectLayout(layoutId);
            e.consume();
        });
        c.setOnDragDetected(e -> {
            view.dragging = c;
            c.startFullDrag();
            c.getStyleClass().add("dragging");
            e.consume();
        });
        c.setOnMouseReleased(e -> {
            c.getStyleClass().remove("dragging");
            view.dragging = null;
        });
        // a click on a chip selects the chip; the card's own click handler (which selects the card) must not see it
        c.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                e.consume();
            }
        });
        if (!layoutId.equals(Palette.PALETTE)) {
            withMenu(c, () -> {
                view.select(c);
                view.events.selectLayout(layoutId);
            }, () -> view.events.chipMenu(layoutId, attribute));
        }
        return c;
    }

    private VBox compartment(String layoutId, String kind, Role role) {
        VBox box = new VBox(4);
        box.getStyleClass().addAll("compartment", role == Role.TAG ? "tags" : "fields");
        box.setId((role == Role.TAG ? "tags-" : "fields-") + layoutId);
        box.setMinHeight(30);
        // the card's menu, which adds templated tags and fields
        withMenu(box, () -> selectCard(layoutId), () -> view.events.cardMenu(layoutId));
        box.setOnMouseDragEntered(e -> box.pseudoClassStateChanged(DROP, accepts(layoutId, kind)));
        box.setOnMouseDragExited(e -> box.pseudoClassStateChanged(DROP, false));
        box.setOnMouseDragReleased(e -> {
            box.pseudoClassStateChanged(DROP, false);
            Chip c = view.dragging;
            if (c != null && accepts(layoutId, kind)) {
                view.dragging = null;
                view.events.roleChange(new CanvasView.RoleChange(layoutId, c.attribute(), role));
            }
        });
        return box;
    }

    /** A chip is dropped on its own card, or (from the palette) on any card of its event kind. */
    private boolean accepts(String layoutId, String kind) {
        Chip dragging = view.dragging;
        return dragging != null && (dragging.layoutId().equals(layoutId)
            || dragging.layoutId().equals(Palette.PALETTE) && kind.equals(view.palette.kind()));
    }

    /** Dragging the header moves the card; the new position is reported on release. */
    private void movable(VBox card, Node handle, String layoutId) {
        double[] start = new double[4];
        handle.setOnMousePressed(e -> {
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            start[0] = e.getSceneX();
            start[1] = e.getSceneY();
            start[2] = card.getLayoutX();
            start[3] = card.getLayoutY();
            e.consume();
            selectCard(layoutId);
        });
        handle.setOnMouseDragged(e -> {
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            double zoom = view.zoom();
            card.relocate(Math.max(0, start[2] + (e.getSceneX() - start[0]) / zoom), Math.max(0, start[3] + (e.getSceneY() - start[1]) / zoom));
            e.consume();
        });
        handle.setOnMouseReleased(e -> {
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            view.onCardsDrawn.run();
            if (card.getLayoutX() != start[2] || card.getLayoutY() != start[3]) {
                view.events.moveCard(layoutId, new Position(Math.round(card.getLayoutX()), Math.round(card.getLayoutY())));
            }
            e.consume();
        });
    }
}

package dev.cardinal.ui.canvas;

import dev.cardinal.model.Durations;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Workspace;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;

/**
 * The canvas: every layout of the workspace as a card (its measurement, a Tags (indexed) compartment, a Fields
 * compartment and the time column). Chips are dragged between compartments (a press-drag-release gesture inside the
 * window, no platform drag and drop) or changed with T, F and Delete; cards are dragged by their header and keep
 * their positions in the workspace. Ctrl+wheel zooms. The view only reports what the user did; the session turns
 * it into undoable edits and the canvas is redrawn from the new workspace.
 */
public final class CanvasView extends ScrollPane {
    /** A role change asked for on a card. */
    public record RoleChange(String layoutId, String attribute, Role role) {
    }

    static final double CARD_WIDTH = 270;
    static final double GAP = 24;
    private static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    private static final PseudoClass DROP = PseudoClass.getPseudoClass("drop-target");

    private final Pane world = new Pane();
    private final Map<String, VBox> cards = new LinkedHashMap<>();

    /** A card as drawn, with what it was drawn from: reused while those stay the same. */
    private record Drawn(Layout layout, Map<String, AttributeInfo> infos, java.util.Set<String> marked, VBox card) {
    }

    private final Map<String, Drawn> drawn = new java.util.HashMap<>();
    private Consumer<String> onSelect = id -> { };
    private Consumer<RoleChange> onRole = c -> { };
    private BiConsumer<String, Position> onMove = (id, p) -> { };
    private Consumer<String> onRename = id -> { };
    private Consumer<String> onDelete = id -> { };
    private Consumer<String> onEditMeasurement = id -> { };
    private BiConsumer<String, Role> onAddTemplate = (id, role) -> { };
    private TemplateEdit onEditTemplate = (id, role, text) -> { };

    /** A templated tag or field to edit ({@code text} is what the card shows, {@code key = template}); null text adds one. */
    public interface TemplateEdit {
        void edit(String layoutId, Role role, String text);
    }

    /** "Add Templated Tag/Field" on a compartment's menu. */
    public void setOnAddTemplate(BiConsumer<String, Role> handler) {
        onAddTemplate = handler;
    }

    /** "Edit" and "Remove" on a templated chip's menu; remove comes as role DROPPED. */
    public void setOnEditTemplate(TemplateEdit handler) {
        onEditTemplate = handler;
    }
    private String selectedCard;
    private Chip dragging;
    private Chip selectedChip;
    private String selectedChipKey;
    private double zoom = 1;

    public CanvasView() {
        getStyleClass().add("canvas");
        setId("canvas");
        world.getStyleClass().add("canvas-world");
        setContent(new Group(world));
        setPannable(false);
        setFitToWidth(false);
        addEventFilter(javafx.scene.input.ScrollEvent.SCROLL, e -> {
            if (e.isShortcutDown()) {
                zoom(e.getDeltaY() > 0 ? 1.1 : 1 / 1.1);
                e.consume();
            }
        });
        setOnKeyPressed(e -> {
            Role role = e.getCode() == KeyCode.T ? Role.TAG : e.getCode() == KeyCode.F ? Role.FIELD
                : e.getCode() == KeyCode.DELETE || e.getCode() == KeyCode.BACK_SPACE ? Role.DROPPED : null;
            if (role != null && selectedChip != null && !e.isShortcutDown()) {
                onRole.accept(new RoleChange(selectedChip.layoutId(), selectedChip.attribute(), role));
                e.consume();
            } else if (selectedCard != null && e.getCode() == KeyCode.F2) {
                onRename.accept(selectedCard);
                e.consume();
            } else if (selectedCard != null && selectedChip == null && e.getCode() == KeyCode.DELETE) {
                onDelete.accept(selectedCard);
                e.consume();
            }
        });
    }

    public void setOnSelectLayout(Consumer<String> handler) {
        onSelect = handler;
    }

    public void setOnRoleChange(Consumer<RoleChange> handler) {
        onRole = handler;
    }

    public void setOnMoveCard(BiConsumer<String, Position> handler) {
        onMove = handler;
    }

    /** F2 on a selected card. */
    public void setOnRenameLayout(Consumer<String> handler) {
        onRename = handler;
    }

    /** Delete on a selected card (no chip selected). */
    public void setOnDeleteLayout(Consumer<String> handler) {
        onDelete = handler;
    }

    /** A double click on a card's header. */
    public void setOnEditMeasurement(Consumer<String> handler) {
        onEditMeasurement = handler;
    }

    public double zoom() {
        return zoom;
    }

    /** Multiplies the zoom by {@code factor}, between 25% and 300%. */
    public void zoom(double factor) {
        setZoom(zoom * factor);
    }

    public void setZoom(double z) {
        zoom = Math.max(0.25, Math.min(3, z));
        world.setScaleX(zoom);
        world.setScaleY(zoom);
        layout();
        onCardsDrawn.run();
    }

    /** Zooms so that every card fits the visible area (never above 100%). */
    public void fit() {
        Bounds b = contentBounds();
        if (b.getWidth() <= 0 || b.getHeight() <= 0) {
            return;
        }
        double w = getViewportBounds().getWidth();
        double h = getViewportBounds().getHeight();
        setZoom(Math.min(1, Math.min(w / (b.getMaxX() + GAP / 2), h / (b.getMaxY() + GAP / 2))));
        setHvalue(0);
        setVvalue(0);
    }

    /**
     * Review mode: no scroll bars, every card whole at the zoom that fits the view's width (never above 100%), and
     * the view as tall as the cards are then. Call after {@link #show} and whenever the width changes.
     */
    public void sizeToCards() {
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setVbarPolicy(ScrollBarPolicy.NEVER);
        double w = 0;
        double h = 0;
        for (VBox c : cards.values()) {
            // as drawn: a card is never narrower than its minimum, whatever its content asks
            w = Math.max(w, c.getLayoutX() + Math.max(c.minWidth(-1), c.prefWidth(-1)));
            h = Math.max(h, c.getLayoutY() + Math.max(c.minHeight(-1), c.prefHeight(-1)));
        }
        double room = getWidth() - snappedLeftInset() - snappedRightInset();
        setZoom(room > 0 && w > 0 ? Math.min(1, room / (w + GAP / 2)) : 1);
        setPrefViewportHeight(h <= 0 ? 0 : (h + GAP / 2) * zoom);
    }

    private Bounds contentBounds() {
        double maxX = 0;
        double maxY = 0;
        for (VBox c : cards.values()) {
            maxX = Math.max(maxX, c.getLayoutX() + c.prefWidth(-1));
            maxY = Math.max(maxY, c.getLayoutY() + c.prefHeight(-1));
        }
        return new javafx.geometry.BoundingBox(0, 0, maxX, maxY);
    }

    /** Where a layout's card is drawn: its saved position, or a place in a row after the others. */
    public static Map<String, Position> positions(Workspace ws) {
        Map<String, Position> out = new LinkedHashMap<>();
        int i = 0;
        for (Layout l : ws.layouts()) {
            Position saved = ws.canvas().get(l.id());
            out.put(l.id(), saved != null ? saved : new Position(GAP / 2 + i * (CARD_WIDTH + GAP), GAP / 2));
            i++;
        }
        return out;
    }

    /**
     * Cards in a grid, layouts of one event kind side by side, one event kind per row: the auto-layout. Uses the
     * drawn cards' sizes.
     */
    public Map<String, Position> arranged(Workspace ws) {
        Map<String, Position> out = new LinkedHashMap<>();
        double y = GAP / 2;
        for (var kind : ws.eventKinds()) {
            double x = GAP / 2;
            double tallest = 0;
            for (Layout l : ws.layoutsOf(kind.name())) {
                VBox card = cards.get(l.id());
                out.put(l.id(), new Position(x, y));
                x += (card == null ? CARD_WIDTH : Math.max(CARD_WIDTH, card.prefWidth(-1))) + GAP;
                tallest = Math.max(tallest, card == null ? 200 : card.prefHeight(-1));
            }
            y += tallest + GAP;
        }
        return out;
    }

    private Runnable onCardsDrawn = () -> { };
    /** The layout id palette chips carry: they belong to no card. */
    static final String PALETTE = "";
    private final javafx.scene.layout.HBox palette = new javafx.scene.layout.HBox(4);
    private String paletteKind;
    private java.util.List<String> paletteAttributes = java.util.List.of();
    private Map<String, AttributeInfo> paletteInfos;
    private java.util.Set<String> marked = java.util.Set.of();
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    /** Attributes whose chips are marked as changed (review mode: what differs between two layouts). */
    public void setMarked(java.util.Set<String> attributes) {
        marked = java.util.Set.copyOf(attributes);
    }

    /**
     * The attributes of one event kind as chips to drag onto any card of that kind (into Tags or Fields); this is
     * how an attribute a layout drops comes back, or a new layout is drawn.
     */
    public javafx.scene.layout.HBox palette() {
        return palette;
    }

    /** Shows {@code kind}'s attributes in the palette. */
    public void showPalette(String kind, java.util.List<String> attributes, Map<String, AttributeInfo> infos) {
        if (kind != null && kind.equals(paletteKind) && attributes.equals(paletteAttributes) && infos == paletteInfos) {
            return; // the same chips: keep them
        }
        paletteAttributes = java.util.List.copyOf(attributes);
        paletteInfos = infos;
        paletteKind = kind;
        palette.getChildren().clear();
        palette.getStyleClass().setAll("palette");
        palette.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        palette.setId("palette");
        if (kind == null) {
            return;
        }
        Label title = new Label(kind + ":");
        title.getStyleClass().add("hint");
        palette.getChildren().add(title);
        for (String a : attributes) {
            AttributeInfo info = infos.get(a);
            // names only, in one row: the card's chips carry the numbers
            Chip c = chip(PALETTE, a, a, null);
            if (info != null) {
                javafx.scene.control.Tooltip.install(c, new javafx.scene.control.Tooltip(a + " (" + info.type() + "), "
                    + dev.cardinal.projection.Quantities.count(info.distinct()) + " distinct values: drag it into a card's Tags or Fields"));
            }
            c.setId("palette-" + a);
            palette.getChildren().add(c);
        }
    }

    /** Called after the cards are redrawn, moved or zoomed (the minimap follows). */
    void setOnCardsDrawn(Runnable handler) {
        onCardsDrawn = handler;
    }

    /** What the minimap draws for each card: its bounds at zoom 1 and whether it is selected. */
    interface CardVisitor {
        void card(String layoutId, Bounds bounds, boolean selected);
    }

    void forEachCard(CardVisitor visitor) {
        cards.forEach((id, c) -> visitor.card(id, new javafx.geometry.BoundingBox(c.getLayoutX(), c.getLayoutY(),
            c.prefWidth(-1), c.prefHeight(-1)), id.equals(selectedCard)));
    }

    /** The cards' extent at zoom 1. */
    Bounds cardBounds() {
        return contentBounds();
    }

    /** The visible part of the canvas at zoom 1: x, y, width, height. */
    double[] visibleWorld() {
        Bounds port = getViewportBounds();
        double contentW = world.getBoundsInParent().getWidth();
        double contentH = world.getBoundsInParent().getHeight();
        double x = Math.max(0, contentW - port.getWidth()) * getHvalue() / zoom;
        double y = Math.max(0, contentH - port.getHeight()) * getVvalue() / zoom;
        return new double[] {x, y, port.getWidth() / zoom, port.getHeight() / zoom};
    }

    /** Scrolls so that the point (x, y) at zoom 1 is in the middle of the view. */
    void centreOn(double x, double y) {
        Bounds port = getViewportBounds();
        double contentW = world.getBoundsInParent().getWidth();
        double contentH = world.getBoundsInParent().getHeight();
        if (contentW > port.getWidth()) {
            setHvalue(Math.max(0, Math.min(1, (x * zoom - port.getWidth() / 2) / (contentW - port.getWidth()))));
        }
        if (contentH > port.getHeight()) {
            setVvalue(Math.max(0, Math.min(1, (y * zoom - port.getHeight() / 2) / (contentH - port.getHeight()))));
        }
    }

    /** A picture of every card at 100%, on the canvas background; call on the FX thread. */
    public javafx.scene.image.WritableImage snapshotCards() {
        javafx.scene.SnapshotParameters params = new javafx.scene.SnapshotParameters();
        params.setFill(javafx.scene.paint.Color.web("#fbfaf9"));
        params.setTransform(javafx.scene.transform.Transform.scale(1 / zoom, 1 / zoom));
        return world.snapshot(params, null);
    }

    /** Selects the chip of {@code attribute} on the card of {@code layoutId} (a finding points at it), if it has one. */
    public void focus(String layoutId, String attribute) {
        if (layoutId == null || attribute == null) {
            return;
        }
        Node chip = world.lookup("#chip-" + layoutId + "-" + attribute);
        if (chip instanceof Chip c) {
            select(c);
            // scroll so the chip is in the middle of the view
            Bounds local = c.getBoundsInLocal();
            javafx.geometry.Point2D at = world.sceneToLocal(c.localToScene(local.getCenterX(), local.getCenterY()));
            if (at != null) {
                centreOn(at.getX(), at.getY());
            }
        }
    }

    /** Marks the card of {@code layoutId} as the selected one. */
    public void select(String layoutId) {
        selectedCard = layoutId;
        cards.forEach((id, card) -> card.pseudoClassStateChanged(SELECTED, id.equals(layoutId)));
        onCardsDrawn.run();
    }

    /**
     * Redraws every card from {@code ws}; {@code infos} describe the attributes of each event kind (a kind without
     * them shows names only).
     */
    public void show(Workspace ws, String selectedLayoutId, Map<String, Map<String, AttributeInfo>> infos) {
        // redrawn after every edit: the view stays where the user scrolled it
        double h = getHvalue();
        double v = getVvalue();
        world.getChildren().clear();
        cards.clear();
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
        }
        selectedChip = null;
        selectedCard = selectedLayoutId;
        if (ws == null) {
            drawn.clear();
            return;
        }
        Map<String, Position> at = positions(ws);
        Map<String, Drawn> kept = new java.util.HashMap<>();
        for (Layout l : ws.layouts()) {
            Map<String, AttributeInfo> info = infos.getOrDefault(l.eventKind(), Map.of());
            // an edit changes one card: the others keep their nodes (and their styles, which cost most to compute)
            Drawn before = drawn.get(l.id());
            VBox card;
            if (before != null && before.layout().equals(l) && before.marked() == marked) {
                card = before.card();
                if (before.infos() != info) {
                    // only the sample changed: its numbers go into the chips as they are
                    for (Node n : card.lookupAll(".chip")) {
                        if (n instanceof Chip c) {
                            c.setInfo(info.get(c.attribute()));
                        }
                    }
                }
            } else {
                card = card(l, info);
            }
            kept.put(l.id(), new Drawn(l, info, marked, card));
            card.pseudoClassStateChanged(SELECTED, l.id().equals(selectedLayoutId));
            Position p = at.get(l.id());
            card.relocate(p.x(), p.y());
            cards.put(l.id(), card);
            world.getChildren().add(card);
        }
        drawn.clear();
        drawn.putAll(kept);
        if (getScene() != null) {
            applyCss();
            layout();
        }
        setHvalue(h);
        setVvalue(v);
        onCardsDrawn.run();
        if (selectedChipKey != null) {
            Node again = world.lookup("#" + selectedChipKey);
            if (again instanceof Chip c) {
                select(c);
            }
        }
    }

    private VBox card(Layout l, Map<String, AttributeInfo> infos) {
        VBox card = new VBox();
        card.getStyleClass().add("card");
        card.setId("card-" + l.id());
        card.setMinWidth(CARD_WIDTH);
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
                : fixed(l.id(), Role.TAG, t.key(), t.key() + " = " + t.value().pattern()));
        }
        VBox fields = compartment(l.id(), l.eventKind(), Role.FIELD);
        for (FieldSpec f : l.fields()) {
            fields.getChildren().add(f.isPlain() ? chip(l.id(), f.attribute(), f.attribute(), infos.get(f.attribute()))
                : fixed(l.id(), Role.FIELD, f.key().pattern(), f.key().pattern() + " = " + f.attribute()));
        }
        Label tagsTitle = new Label("Tags (indexed)");
        tagsTitle.getStyleClass().add("compartment-title");
        tagsTitle.setTooltip(new javafx.scene.control.Tooltip("A tag is indexed: every distinct combination of tag values is a"
            + " series, and the index holds every series. Tags are for closed sets you filter or group by."));
        Label fieldsTitle = new Label("Fields");
        fieldsTitle.getStyleClass().add("compartment-title");
        fieldsTitle.setTooltip(new javafx.scene.control.Tooltip("A field is stored with each point and not indexed: ids and"
            + " measurements belong here, however many values they take."));
        Label time = new Label("time");
        time.getStyleClass().add("card-time");
        card.getChildren().addAll(header, tagsTitle, tags, fieldsTitle, fields, time);
        card.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                requestFocus();
                clearChip();
                onSelect.accept(l.id());
            }
        });
        header.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                onEditMeasurement.accept(l.id());
                e.consume();
            }
        });
        return card;
    }

    /** A templated tag or field: shown as {@code key = template}, edited or removed from its menu or by double-click. */
    private Label fixed(String layoutId, Role role, String key, String text) {
        Label l = new Label(text);
        l.getStyleClass().addAll("chip", "templated");
        l.setId("templated-" + layoutId + "-" + key.replaceAll("[^A-Za-z0-9_-]", "_"));
        javafx.scene.control.MenuItem edit = new javafx.scene.control.MenuItem("Edit…");
        edit.setOnAction(e -> onEditTemplate.edit(layoutId, role, text));
        javafx.scene.control.MenuItem remove = new javafx.scene.control.MenuItem("Remove");
        remove.setOnAction(e -> onEditTemplate.edit(layoutId, Role.DROPPED, key));
        l.setContextMenu(new javafx.scene.control.ContextMenu(edit, remove));
        l.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                onEditTemplate.edit(layoutId, role, text);
            }
            e.consume();
        });
        return l;
    }

    private Chip chip(String layoutId, String attribute, String shownAs, AttributeInfo info) {
        Chip c = new Chip(layoutId, attribute, shownAs, info);
        c.pseudoClassStateChanged(CHANGED, marked.contains(attribute));
        c.setOnMousePressed(e -> {
            select(c);
            requestFocus();
            onSelect.accept(layoutId);
            e.consume();
        });
        c.setOnDragDetected(e -> {
            dragging = c;
            c.startFullDrag();
            c.getStyleClass().add("dragging");
            e.consume();
        });
        c.setOnMouseReleased(e -> {
            c.getStyleClass().remove("dragging");
            dragging = null;
        });
        // a click on a chip selects the chip; the card's own click handler (which selects the card) must not see it
        c.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                e.consume();
            }
        });
        return c;
    }

    private void clearChip() {
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
        }
        selectedChip = null;
        selectedChipKey = null;
    }

    private void select(Chip c) {
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
        }
        selectedChip = c;
        selectedChipKey = c.getId();
        c.pseudoClassStateChanged(SELECTED, true);
    }

    private VBox compartment(String layoutId, String kind, Role role) {
        VBox box = new VBox(4);
        box.getStyleClass().addAll("compartment", role == Role.TAG ? "tags" : "fields");
        box.setId((role == Role.TAG ? "tags-" : "fields-") + layoutId);
        box.setMinHeight(30);
        javafx.scene.control.MenuItem add = new javafx.scene.control.MenuItem(role == Role.TAG ? "Add Templated Tag…" : "Add Templated Field…");
        add.setOnAction(e -> onAddTemplate.accept(layoutId, role));
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(add);
        box.setOnContextMenuRequested(e -> {
            if (!menu.isShowing()) {
                menu.show(box, e.getScreenX(), e.getScreenY());
            }
            e.consume();
        });
        // platforms that send no context-menu event (and the headless tests) open it on a secondary click
        box.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY && !menu.isShowing()) {
                menu.show(box, e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
        box.setOnMouseDragEntered(e -> box.pseudoClassStateChanged(DROP, accepts(layoutId, kind)));
        box.setOnMouseDragExited(e -> box.pseudoClassStateChanged(DROP, false));
        box.setOnMouseDragReleased(e -> {
            box.pseudoClassStateChanged(DROP, false);
            Chip c = dragging;
            if (c != null && accepts(layoutId, kind)) {
                dragging = null;
                onRole.accept(new RoleChange(layoutId, c.attribute(), role));
            }
        });
        return box;
    }

    /** A chip is dropped on its own card, or (from the palette) on any card of its event kind. */
    private boolean accepts(String layoutId, String kind) {
        return dragging != null && (dragging.layoutId().equals(layoutId)
            || dragging.layoutId().equals(PALETTE) && kind.equals(paletteKind));
    }

    /** Dragging the header moves the card; the new position is reported on release. */
    private void movable(VBox card, Node handle, String layoutId) {
        double[] start = new double[4];
        handle.setOnMousePressed(e -> {
            start[0] = e.getSceneX();
            start[1] = e.getSceneY();
            start[2] = card.getLayoutX();
            start[3] = card.getLayoutY();
            e.consume();
            requestFocus();
            clearChip();
            onSelect.accept(layoutId);
        });
        handle.setOnMouseDragged(e -> {
            card.relocate(Math.max(0, start[2] + (e.getSceneX() - start[0]) / zoom), Math.max(0, start[3] + (e.getSceneY() - start[1]) / zoom));
            e.consume();
        });
        handle.setOnMouseReleased(e -> {
            onCardsDrawn.run();
            if (card.getLayoutX() != start[2] || card.getLayoutY() != start[3]) {
                onMove.accept(layoutId, new Position(Math.round(card.getLayoutX()), Math.round(card.getLayoutY())));
            }
            e.consume();
        });
    }
}

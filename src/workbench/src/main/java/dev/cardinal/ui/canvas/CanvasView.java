package dev.cardinal.ui.canvas;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.ui.common.KeyBinding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
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

    private final Pane world = new Pane();
    private final Map<String, VBox> cards = new LinkedHashMap<>();

    /** A card as drawn, with what it was drawn from: reused while those stay the same. */
    private record Drawn(Layout layout, Map<String, AttributeInfo> infos, java.util.Set<String> marked, VBox card) {
    }

    private final Map<String, Drawn> drawn = new java.util.HashMap<>();
    CanvasEvents events = new CanvasEvents() {
    };
    private final Cards cardNodes = new Cards(this);
    final Palette palette = new Palette(cardNodes);
    java.util.Set<String> marked = java.util.Set.of();

    public void setEvents(CanvasEvents events) {
        this.events = events;
    }

    /** Attributes whose chips are marked as changed (review mode: what differs between two layouts). */
    public void setMarked(java.util.Set<String> attributes) {
        marked = java.util.Set.copyOf(attributes);
    }

    /**
     * The attributes of the selected layout's event kind as chips to drag onto any card of that kind; see
     * {@link Palette}.
     */
    public javafx.scene.layout.HBox palette() {
        return palette.node();
    }

    /** Shows {@code kind}'s attributes in the palette. */
    public void showPalette(String kind, java.util.List<String> attributes, Map<String, AttributeInfo> infos) {
        palette.show(kind, attributes, infos);
    }

    private String selectedCard;
    Chip dragging;
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
        // the empty canvas's menu (cards and chips answer their own clicks first)
        cardNodes.withMenu(this, () -> { }, () -> events.canvasMenu());
        setOnKeyPressed(e -> {
            // the Edit menu's keys (KeyBinding), answered here for the chip or card selected on the canvas
            Role role = KeyBinding.MAKE_TAG.matches(e) ? Role.TAG : KeyBinding.MAKE_FIELD.matches(e) ? Role.FIELD
                : KeyBinding.DROP_FROM_LAYOUT.matches(e) || e.getCode() == KeyCode.BACK_SPACE ? Role.DROPPED : null;
            if (role != null && selectedChip != null && !e.isShortcutDown()) {
                events.roleChange(new RoleChange(selectedChip.layoutId(), selectedChip.attribute(), role));
                e.consume();
            } else if (selectedCard != null && KeyBinding.RENAME_LAYOUT.matches(e)) {
                events.renameLayout(selectedCard);
                e.consume();
            } else if (selectedCard != null && selectedChip == null && e.getCode() == KeyCode.DELETE) {
                events.deleteLayout(selectedCard);
                e.consume();
            }
        });
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
        // cards drawn in this pulse have no styles yet: their sizes are those of unstyled text until CSS is applied
        applyCss();
        layout();
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
            maxX = Math.max(maxX, c.getLayoutX() + Math.max(c.minWidth(-1), c.prefWidth(-1)));
            maxY = Math.max(maxY, c.getLayoutY() + c.prefHeight(-1));
        }
        return new javafx.geometry.BoundingBox(0, 0, maxX, maxY);
    }

    /** Where a layout's card is drawn; see {@link CardPlacement#positions}. */
    public static Map<String, Position> positions(Workspace ws) {
        return CardPlacement.positions(ws);
    }

    /** The auto-layout, with the drawn cards' sizes; see {@link CardPlacement#arranged}. */
    public Map<String, Position> arranged(Workspace ws) {
        return CardPlacement.arranged(ws, id -> {
            VBox card = cards.get(id);
            return card == null ? null : new double[] {Math.max(CARD_WIDTH, card.prefWidth(-1)), card.prefHeight(-1)};
        });
    }

    Runnable onCardsDrawn = () -> { };
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
            Math.max(c.minWidth(-1), c.prefWidth(-1)), c.prefHeight(-1)), id.equals(selectedCard)));
    }

    /**
     * Keeps a corner of {@code width} x {@code height} (on screen) clear at the bottom right of the scrolled area, for
     * the minimap that floats there: the cards can be scrolled out from under it. Zero gives the room back.
     */
    void keepCornerClear(double width, double height) {
        javafx.geometry.Insets room = new javafx.geometry.Insets(0, width / zoom, height / zoom, 0);
        if (!room.equals(world.getPadding())) {
            world.setPadding(room);
        }
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
        cards.clear();
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
        }
        selectedChip = null;
        selectedCard = selectedLayoutId;
        if (ws == null) {
            world.getChildren().clear();
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
            if (before != null && before.marked() == marked && !before.layout().equals(l)
                && cardNodes.rearrange(before.card(), before.layout(), l, info)) {
                // a role toggle: the card's chips moved between its compartments, nothing drawn anew
                card = before.card();
            } else if (before != null && before.layout().equals(l) && before.marked() == marked) {
                card = before.card();
                if (before.infos() != info && !card.lookupAll(".templated").isEmpty()) {
                    // a templated tag or field draws its growth from the sample once: drawn anew, it never keeps the
                    // growth of traffic that is gone
                    card = cardNodes.card(l, info);
                } else if (before.infos() != info) {
                    // only the sample changed: its numbers go into the chips as they are
                    for (Node n : card.lookupAll(".chip")) {
                        if (n instanceof Chip c) {
                            c.setInfo(info.get(c.attribute()));
                        }
                    }
                }
            } else {
                card = cardNodes.card(l, info);
            }
            kept.put(l.id(), new Drawn(l, info, marked, card));
            card.pseudoClassStateChanged(SELECTED, l.id().equals(selectedLayoutId));
            Position p = at.get(l.id());
            card.relocate(p.x(), p.y());
            cards.put(l.id(), card);
        }
        drawn.clear();
        drawn.putAll(kept);
        Cards.keepAttached(world.getChildren(), List.copyOf(cards.values()));
        if (getScene() != null) {
            applyCss();
            layout();
        }
        applyMappings();
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

    /**
     * For a document engine, the mapping each layout builds in an index, by layout id, shown at the foot of its card
     * (with its slots, when its field keys use them); empty shows none.
     */
    public void showMappings(Map<String, dev.cardinal.projection.MappingProjection> byLayout) {
        showMappings(byLayout, Map.of());
    }

    /** The same, with the fields of each layout's strict template where it has one (by layout id; absent: none). */
    public void showMappings(Map<String, dev.cardinal.projection.MappingProjection> byLayout,
        Map<String, java.util.OptionalLong> strictByLayout) {
        mappings = Map.copyOf(byLayout);
        strict = Map.copyOf(strictByLayout);
        applyMappings();
    }

    private Map<String, java.util.OptionalLong> strict = Map.of();

    private Map<String, dev.cardinal.projection.MappingProjection> mappings = Map.of();

    private void applyMappings() {
        for (Map.Entry<String, VBox> e : cards.entrySet()) {
            Node foot = e.getValue().lookup("#mapping-" + e.getKey());
            Node time = e.getValue().lookup("#time-" + e.getKey());
            if (!(foot instanceof javafx.scene.control.Label label) || !(time instanceof javafx.scene.control.Label t)) {
                continue;
            }
            var m = mappings.get(e.getKey());
            Drawn d = drawn.get(e.getKey());
            label.setText(m == null || d == null ? ""
                : CardMapping.text(d.layout(), m, strict.getOrDefault(e.getKey(), java.util.OptionalLong.empty())));
            label.setVisible(m != null);
            label.setManaged(m != null);
            label.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("alarm"), m != null && m.limitReachedInSample());
            t.setText(mappings.isEmpty() ? "time" : dev.cardinal.projection.LayoutDocuments.TIME_KEY);
        }
    }

    void clearChip() {
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
            events.selectAttribute(null);
        }
        selectedChip = null;
        selectedChipKey = null;
    }

    void select(Chip c) {
        if (selectedChip != null) {
            selectedChip.pseudoClassStateChanged(SELECTED, false);
        }
        boolean changed = selectedChip == null || !selectedChip.getId().equals(c.getId());
        selectedChip = c;
        selectedChipKey = c.getId();
        c.pseudoClassStateChanged(SELECTED, true);
        if (changed && !c.layoutId().equals(Palette.PALETTE)) {
            events.selectAttribute(c.attribute());
        }
    }

    /** The attribute whose chip is selected, or null. */
    public String selectedAttribute() {
        return selectedChip == null ? null : selectedChip.attribute();
    }

    /**
     * Brings the card of {@code layoutId} into view (a layout just added): scrolled to, and zoomed out if it would
     * not fit.
     */
    public void reveal(String layoutId) {
        VBox card = cards.get(layoutId);
        if (card == null) {
            return;
        }
        if (getScene() != null) {
            applyCss();
            layout();
        }
        Bounds port = getViewportBounds();
        double w = card.prefWidth(-1);
        double h = card.prefHeight(-1);
        if (w * zoom > port.getWidth() || h * zoom > port.getHeight()) {
            setZoom(Math.max(0.25, Math.min(port.getWidth() / (w + GAP), port.getHeight() / (h + GAP))));
        }
        centreOn(card.getLayoutX() + w / 2, card.getLayoutY() + h / 2);
    }


}

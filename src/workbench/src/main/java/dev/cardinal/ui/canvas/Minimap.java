package dev.cardinal.ui.canvas;

import javafx.geometry.Bounds;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.paint.Color;

/**
 * The whole canvas in small, with the visible part framed; a click or drag moves the view there. Shown only while
 * the cards do not fit the view.
 */
public final class Minimap extends Canvas {
    static final double WIDTH = 120;
    static final double HEIGHT = 72;

    private final CanvasView view;

    public Minimap(CanvasView view) {
        super(WIDTH, HEIGHT);
        this.view = view;
        setId("minimap");
        getStyleClass().add("minimap");
        view.hvalueProperty().addListener((o, was, now) -> redraw());
        view.vvalueProperty().addListener((o, was, now) -> redraw());
        view.viewportBoundsProperty().addListener((o, was, now) -> redraw());
        view.setOnCardsDrawn(this::redraw);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::moveTo);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::moveTo);
    }

    /** World size at zoom 1: the cards' extent, at least the view's. */
    private double[] world() {
        Bounds content = view.cardBounds();
        Bounds port = view.getViewportBounds();
        return new double[] {Math.max(content.getMaxX(), port.getWidth() / view.zoom()), Math.max(content.getMaxY(), port.getHeight() / view.zoom())};
    }

    private double scale(double[] world) {
        return Math.min(WIDTH / Math.max(1, world[0]), HEIGHT / Math.max(1, world[1]));
    }

    void redraw() {
        double[] world = world();
        Bounds port = view.getViewportBounds();
        boolean fits = world[0] * view.zoom() <= port.getWidth() + 1 && world[1] * view.zoom() <= port.getHeight() + 1;
        setVisible(!fits);
        // the map floats over the view's bottom right corner (18 px in, fxml): room there, so no chip stays under it
        view.keepCornerClear(fits ? 0 : WIDTH + 24, fits ? 0 : HEIGHT + 24);
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, WIDTH, HEIGHT);
        if (fits) {
            return;
        }
        double s = scale(world);
        g.setFill(Color.rgb(255, 255, 255, 0.9));
        g.fillRect(0, 0, world[0] * s, world[1] * s);
        g.setStroke(Color.web("#e2dedc"));
        g.strokeRect(0.5, 0.5, world[0] * s - 1, world[1] * s - 1);
        view.forEachCard((id, b, selected) -> {
            g.setFill(selected ? Color.web("#b3261e") : Color.web("#9e9693"));
            g.fillRect(b.getMinX() * s, b.getMinY() * s, Math.max(2, b.getWidth() * s), Math.max(2, b.getHeight() * s));
        });
        double[] visible = view.visibleWorld();
        g.setStroke(Color.web("#1d1b1a"));
        g.strokeRect(visible[0] * s, visible[1] * s, visible[2] * s, visible[3] * s);
    }

    private void moveTo(MouseEvent e) {
        double[] world = world();
        double s = scale(world);
        view.centreOn(e.getX() / s, e.getY() / s);
        e.consume();
    }
}

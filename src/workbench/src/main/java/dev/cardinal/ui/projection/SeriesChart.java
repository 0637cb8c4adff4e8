package dev.cardinal.ui.projection;

import dev.cardinal.projection.GrowthCurve;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitMetric;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * Series over time for the projection panel: measured while the sample is replayed, then projected to the horizon
 * (drawn dashed), with a line for each series limit within reach of the curve.
 */
public final class SeriesChart extends LineChart<Number, Number> {
    /** Points drawn for the projected part. */
    static final int PROJECTED_POINTS = 40;

    public SeriesChart() {
        super(new NumberAxis(), new NumberAxis());
        getStyleClass().add("series-chart");
        setId("seriesChart");
        setAnimated(false);
        setCreateSymbols(false);
        // JavaFX drops its legend below the chart when the plot would be under 200 px high, as it is at 1280x800: the
        // legend is drawn in a corner of the plot instead, top left unless the curves run there
        setLegendVisible(false);
        getXAxis().setLabel("days of traffic");
        getYAxis().setLabel("series");
        ((NumberAxis) getYAxis()).setForceZeroInRange(true);
        setMinHeight(150);
        setPrefHeight(220);
    }

    /** The chart's lines for one projection: measured, projected, and the limits the projection comes near. */
    public static List<XYChart.Series<Number, Number>> lines(dev.cardinal.projection.SeriesOverTime p) {
        double day = 86_400;
        XYChart.Series<Number, Number> measured = new XYChart.Series<>();
        measured.setName(p instanceof dev.cardinal.projection.SummaryProjection ? "counted in the summary" : "measured in the sample");
        GrowthCurve c = p.measuredSeries();
        for (int i = 0; i < c.size(); i++) {
            measured.getData().add(new XYChart.Data<>(c.elapsedSeconds()[i] / day, c.distinct()[i]));
        }
        XYChart.Series<Number, Number> projected = new XYChart.Series<>();
        projected.setName("projected, x" + Quantities.multiplier(p.settings().trafficMultiplier()));
        double start = c.size() == 0 ? 0 : c.elapsedSeconds()[c.size() - 1];
        double end = Math.max(start, p.settings().horizon().getSeconds());
        double top = p.seriesAtHorizon();
        // the projected line starts where the measured one ends (at x10 the fit at the sample's last moment is already
        // ten times as far along) and reaches the number at the horizon: the difference fades out on the way
        double offset = c.size() == 0 ? 0 : c.distinct()[c.size() - 1] - p.seriesAt(start);
        for (int i = 0; i <= PROJECTED_POINTS; i++) {
            double t = start + (end - start) * i / PROJECTED_POINTS;
            double v = Math.max(0, p.seriesAt(t) + offset * (1 - (double) i / PROJECTED_POINTS));
            top = Math.max(top, v);
            projected.getData().add(new XYChart.Data<>(t / day, v));
        }
        List<XYChart.Series<Number, Number>> out = new ArrayList<>(List.of(measured, projected));
        for (LimitProjection l : p.limits()) {
            Limit limit = l.limit();
            // a limit far above the curve would flatten it: only those within 3x of the highest point are drawn
            if (limit.metric() == LimitMetric.SERIES && limit.value() <= top * 3) {
                XYChart.Series<Number, Number> line = new XYChart.Series<>();
                line.setName(LIMIT + Quantities.limit(limit));
                line.getData().add(new XYChart.Data<>(0, limit.value()));
                line.getData().add(new XYChart.Data<>(end / day, limit.value()));
                out.add(line);
            }
        }
        return out;
    }

    /** Shows {@code p}, or nothing. */
    public void show(dev.cardinal.projection.SeriesOverTime p) {
        getData().setAll(p == null ? List.of() : lines(p));
        limitLabels.forEach(getPlotChildren()::remove);
        limitLabels.clear();
        for (XYChart.Series<Number, Number> line : getData()) {
            if (line.getName().startsWith(LIMIT)) {
                javafx.scene.text.Text label = new javafx.scene.text.Text(line.getName().substring(LIMIT.length()));
                label.getStyleClass().add("limit-label");
                label.setUserData(line);
                limitLabels.add(label);
            }
        }
        getPlotChildren().addAll(limitLabels);
        getPlotChildren().remove(legend);
        legend.getChildren().clear();
        List<XYChart.Series<Number, Number>> curves = getData().stream().filter(l -> !l.getName().startsWith(LIMIT)).toList();
        for (int i = 0; i < curves.size(); i++) {
            javafx.scene.shape.Line sample = new javafx.scene.shape.Line(0, 0, 18, 0);
            sample.getStyleClass().addAll("legend-line", "legend-line" + i);
            javafx.scene.text.Text name = new javafx.scene.text.Text(curves.get(i).getName());
            name.getStyleClass().add("legend-text");
            javafx.scene.layout.HBox entry = new javafx.scene.layout.HBox(4, sample, name);
            entry.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            legend.getChildren().add(entry);
        }
        if (!curves.isEmpty()) {
            getPlotChildren().add(legend);
        }
    }

    /** The legend of the measured and projected curves, in a corner of the plot the curves leave free. */
    private final javafx.scene.layout.VBox legend = new javafx.scene.layout.VBox(1);

    {
        legend.getStyleClass().add("plot-legend");
        legend.setId("seriesLegend");
        legend.setMouseTransparent(true);
    }

    /** Each limit line's name, written on the line at its right end (the legend is cut off in a small window). */
    private final List<javafx.scene.text.Text> limitLabels = new ArrayList<>();
    private static final String LIMIT = "limit: ";

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        NumberAxis x = (NumberAxis) getXAxis();
        NumberAxis y = (NumberAxis) getYAxis();
        for (javafx.scene.text.Text label : limitLabels) {
            @SuppressWarnings("unchecked")
            XYChart.Series<Number, Number> line = (XYChart.Series<Number, Number>) label.getUserData();
            XYChart.Data<Number, Number> end = line.getData().get(line.getData().size() - 1);
            double right = x.getDisplayPosition(end.getXValue());
            double at = y.getDisplayPosition(end.getYValue());
            label.setX(Math.max(0, right - label.getLayoutBounds().getWidth() - 4));
            label.setY(at - 4);
            label.toFront();
        }
        legend.autosize();
        // top left, where rising curves leave room; bottom right when the curves run there (a closed set: a flat line
        // at the top of its axis)
        double w = legend.getWidth() + 6;
        double h = legend.getHeight() + 4;
        double right = x.getWidth() - w;
        double bottom = y.getHeight() - h - 4;
        if (pointsIn(x, y, 0, 0, w, h) > pointsIn(x, y, right, bottom, right + w, bottom + h)) {
            legend.relocate(right, bottom);
        } else {
            legend.relocate(6, 4);
        }
        legend.toFront();
    }

    /** How many points of the curves (not the limit lines) are drawn within the box from (x0, y0) to (x1, y1). */
    private int pointsIn(NumberAxis x, NumberAxis y, double x0, double y0, double x1, double y1) {
        int n = 0;
        for (XYChart.Series<Number, Number> line : getData()) {
            if (line.getName().startsWith(LIMIT)) {
                continue;
            }
            for (XYChart.Data<Number, Number> d : line.getData()) {
                double px = x.getDisplayPosition(d.getXValue());
                double py = y.getDisplayPosition(d.getYValue());
                n += px >= x0 && px <= x1 && py >= y0 && py <= y1 ? 1 : 0;
            }
        }
        return n;
    }
}

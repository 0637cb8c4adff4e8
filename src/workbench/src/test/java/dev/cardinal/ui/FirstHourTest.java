package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Role;
import dev.cardinal.ui.common.CanvasGesture;
import dev.cardinal.ui.common.KeyBinding;
import dev.cardinal.ui.common.MenuKeys;
import dev.cardinal.ui.projection.ProjectionRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a first-time user expects of a professional tool (issue 17, section 2): numbers that explain themselves,
 * context menus with the real actions, keys that work wherever the focus is, and a Help menu.
 */
class FirstHourTest extends WorkbenchFixture {

    private static List<MenuItem> openMenuItems(FxRobot robot) {
        return robot.listWindows().stream().filter(w -> w instanceof ContextMenu && w.isShowing())
            .flatMap(w -> ((ContextMenu) w).getItems().stream()).toList();
    }

    private static void clickMenuItem(FxRobot robot, String text) {
        MenuItem item = openMenuItems(robot).stream().filter(i -> text.equals(i.getText())).findFirst()
            .orElseThrow(() -> new AssertionError("no menu item " + text + " in " + openMenuItems(robot).stream().map(MenuItem::getText).toList()));
        robot.interact(item::fire);
        robot.interact(() -> robot.listWindows().stream().filter(w -> w instanceof ContextMenu).forEach(Window::hide));
    }

    /** The grid's rows as shown: a heading alone, or "keys | what they do". */
    private static List<String> shownRows(GridPane grid) {
        java.util.TreeMap<Integer, String[]> rows = new java.util.TreeMap<>();
        for (Node n : grid.getChildren()) {
            Integer row = GridPane.getRowIndex(n);
            Integer column = GridPane.getColumnIndex(n);
            String[] cells = rows.computeIfAbsent(row == null ? 0 : row, r -> new String[2]);
            cells[column == null ? 0 : column] = ((Label) n).getText();
        }
        return rows.values().stream().map(c -> c[1] == null ? c[0] : c[0] + " | " + c[1]).toList();
    }

    private void awaitChips(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#chip-ids-as-tags-user_id .chip-distinct").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theProjectionIsHeadedWithTheLayoutAndItsLimitsAreATableOfTheirOwn(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        TableView<ProjectionRows.Row> numbers = robot.lookup("#projection").queryTableView();
        assertEquals("ids-as-tags", numbers.getColumns().get(1).getText());
        assertEquals("at 30d, x1", numbers.getColumns().get(2).getText());
        assertTrue(numbers.getItems().stream().noneMatch(r -> r.what().contains("series 1,000,000")), "no limit among the counts");
        // the workspace's target names no version: figures as 1.8.10 reports them, each series once, 1.x's limits only
        javafx.scene.control.ChoiceBox<?> server = robot.lookup("#server").queryAs(javafx.scene.control.ChoiceBox.class);
        assertEquals("local: InfluxDB 1.8.10 (assumed)", server.getValue().toString(), "the workspace's target first");
        assertEquals("12,934", projected(robot, "reported by 1.8.10 (assumed)"));
        TableView<ProjectionRows.LimitRow> limits = robot.lookup("#limits").queryTableView();
        Label limitsTitle = robot.lookup("#limitsTitle").queryAs(Label.class);
        assertEquals("Server limits: InfluxDB 1.x OSS", limitsTitle.getText(), "a 1.x target has 1.x's limits");
        // at 1280x800 every number, limit and the server's name are shown whole (issue 34)
        assertShownWhole(robot, "#projection .table-cell", "#limits .table-cell", "#server .label");
        // the rows below the fold too (the index memory's range was cut to "9.7 MiB to 10.3 ...")
        robot.interact(() -> numbers.scrollTo(numbers.getItems().size() - 1));
        assertShownWhole(robot, "#projection .table-cell");
        // every product's limits, when asked
        chooseServer(robot, server, "every product's limits");
        awaitProjection(robot);
        ProjectionRows.LimitRow valuesPerTag = limits.getItems().stream().filter(l -> l.limit().contains("1.x OSS values per tag"))
            .findFirst().orElseThrow();
        assertEquals("Server limits", limitsTitle.getText(), "several products: each row names its own");
        assertEquals("session_id", valuesPerTag.key(), "the key that breaks it first");
        assertTrue(valuesPerTag.breaks().startsWith("after "), valuesPerTag.breaks());
        assertTrue(limits.getItems().stream().anyMatch(l -> l.alarm() && l.breaks().startsWith("already")), "the Free plan breaks within the sample");
        // the chart's limit line says which limit it is
        assertTrue(robot.lookup(".limit-label").tryQuery().map(n -> ((javafx.scene.text.Text) n).getText())
            .filter(t -> t.contains("Free Plan series 10,000")).isPresent());
        // a 1.7.7 server (its own limits only: 1.x OSS) counts each series once per shard group it has points in
        chooseServer(robot, server, "InfluxDB 1.7.7");
        awaitProjection(robot);
        ProjectionRows.Row reported = numbers.getItems().stream().filter(r -> r.what().startsWith("reported")).findFirst().orElseThrow();
        assertEquals("reported by 1.7.7, 3 shard groups", reported.what());
        assertEquals("12,935", reported.now());
        assertTrue(reported.explain().contains("SHOW SERIES EXACT CARDINALITY") && reported.explain().contains("once per shard group"),
            reported.explain());
        assertEquals("Server limits: InfluxDB 1.x OSS", limitsTitle.getText(), "a known server has its own limits");
    }

    @Test
    void inTheDarkThemeAPromptIsReadable(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> window.controller().setDarkTheme(true));
        robot.clickOn("Push");
        WaitForAsyncUtils.waitForFxEvents();
        TextField database = robot.lookup("#targetDatabase").queryAs(TextField.class);
        robot.interact(database::clear);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.text.Text prompt = database.lookupAll("Text").stream().filter(n -> n instanceof javafx.scene.text.Text t
            && "database".equals(t.getText()) && t.isVisible()).map(n -> (javafx.scene.text.Text) n).findFirst()
            .orElseThrow(() -> new AssertionError("no prompt shown in the empty field"));
        // WCAG's contrast ratio against the dark theme's field background (-fx-control-inner-background in dark.css)
        double ratio = contrast((javafx.scene.paint.Color) prompt.getFill(), javafx.scene.paint.Color.web("#262423"));
        robot.interact(() -> window.controller().setDarkTheme(false));
        assertTrue(ratio >= 3, "the prompt's contrast in the dark theme is " + ratio + " (Modena's was about 1.2)");
    }

    @Test
    void atTheSmallSizeThePushTabShowsItsFieldsAndResultsWhole(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.clickOn("Push");
        WaitForAsyncUtils.waitForFxEvents();
        // at 1280x800 (issue 34: the URL showed "http://127.0.0.1:8", the columns "Measured by the ser...")
        assertShownWhole(robot, "#pushScratch", "#targetInsecure", "#targetWriteSample", "#planTarget", "#applyTarget",
            "#pushResult .column-header .label");
        for (String id : List.of("#targetUrl", "#targetDatabase", "#targetUser", "#targetPassword")) {
            TextField field = robot.lookup(id).queryAs(TextField.class);
            String text = field.getText().isEmpty() ? field.getPromptText() : field.getText();
            javafx.scene.text.Text measure = new javafx.scene.text.Text(text);
            measure.setFont(field.getFont());
            double room = field.getWidth() - field.getInsets().getLeft() - field.getInsets().getRight();
            assertTrue(measure.getLayoutBounds().getWidth() <= room, id + " shows '" + text + "' in " + room + " px");
        }
        // with nothing planned the plan takes no room: the results table has it
        assertTrue(!robot.lookup("#planText").query().isVisible());
        TableView<?> results = robot.lookup("#pushResult").queryTableView();
        assertTrue(results.getHeight() >= 120, "the results table is " + results.getHeight() + " px high");
    }

    @Test
    void theChartsLegendCoversNoPointOfItsCurves(FxRobot robot, @TempDir Path dir) throws Exception {
        // rising curves (ids in tags) and a flat line at the top of its axis (the weather's closed sets: issue 34, the
        // legend in the top left corner hid it)
        for (String scenario : List.of("ad-marketplace", "weather")) {
            openCopy(robot, Files.createDirectories(dir.resolve(scenario)), scenario, scenario + ".cardinal.json");
            WaitForAsyncUtils.waitForFxEvents();
            var chart = robot.lookup("#seriesChart").queryAs(dev.cardinal.ui.projection.SeriesChart.class);
            var legend = robot.lookup("#seriesLegend").query();
            var x = (javafx.scene.chart.NumberAxis) chart.getXAxis();
            var y = (javafx.scene.chart.NumberAxis) chart.getYAxis();
            List<String> covered = new ArrayList<>();
            robot.interact(() -> {
                for (var line : chart.getData()) {
                    for (var d : line.getName().startsWith("limit: ") ? List.<javafx.scene.chart.XYChart.Data<Number, Number>>of()
                        : line.getData()) {
                        if (legend.getBoundsInParent().contains(x.getDisplayPosition(d.getXValue()), y.getDisplayPosition(d.getYValue()))) {
                            covered.add(line.getName() + " at " + d.getXValue() + " d");
                        }
                    }
                }
            });
            assertTrue(legend.isVisible() && covered.isEmpty(), scenario + ": the legend covers " + covered.size() + " points, "
                + covered.subList(0, Math.min(3, covered.size())));
        }
    }

    /** Every labelled node the queries find shows its whole text: none is cut to an ellipsis. */
    static void assertShownWhole(FxRobot robot, String... queries) {
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut = new ArrayList<>();
        for (String query : queries) {
            for (Node n : robot.lookup(query).queryAll()) {
                if (n instanceof javafx.scene.control.Labeled l && l.isVisible() && l.getText() != null && !l.getText().isEmpty()) {
                    l.lookupAll(".text").stream().filter(t -> t instanceof javafx.scene.text.Text && t.getParent() == l)
                        .map(t -> ((javafx.scene.text.Text) t).getText()).filter(shown -> !shown.equals(l.getText()))
                        .forEach(shown -> cut.add(query + ": '" + l.getText() + "' shown as '" + shown + "'"));
                }
            }
        }
        assertTrue(cut.isEmpty(), String.join("\n", cut));
    }

    private static void chooseServer(FxRobot robot, javafx.scene.control.ChoiceBox<?> server, String startsWith) {
        int i = java.util.stream.IntStream.range(0, server.getItems().size())
            .filter(n -> server.getItems().get(n).toString().startsWith(startsWith)).findFirst().orElseThrow();
        robot.interact(() -> server.getSelectionModel().select(i));
    }

    @Test
    void atTenTimesTheTrafficTheProjectedLineStartsWhereTheMeasuredOneEnds(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> robot.lookup("#traffic").<javafx.scene.control.ChoiceBox<String>>query().setValue("x10"));
        awaitProjection(robot);
        var chart = robot.lookup("#seriesChart").queryAs(dev.cardinal.ui.projection.SeriesChart.class);
        var measured = chart.getData().get(0).getData();
        var projected = chart.getData().get(1).getData();
        assertEquals(measured.get(measured.size() - 1).getYValue().doubleValue(), projected.get(0).getYValue().doubleValue(), 0.5);
        assertEquals(window.session().projection().shownProperty().get().projection().seriesAtHorizon(),
            projected.get(projected.size() - 1).getYValue().doubleValue(), 0.5, "and ends at the number in the table");
    }

    @Test
    void anEditThatChangesNoSeriesSaysWhy(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> window.session().edits().setRole("user_id", Role.FIELD));
        awaitProjection(robot);
        assertEquals("12,934", projected(robot, "series"));
        String status = robot.lookup("#projectionStatus").queryAs(Label.class).getText();
        assertTrue(status.contains("series unchanged: user_id varies with session_id"), status);
    }

    @Test
    void aChipsMenuHasTheRealActionsAndACardsMenuDuplicatesItsLayout(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        awaitChips(robot);
        robot.clickOn("#chip-ids-as-tags-session_id", MouseButton.SECONDARY);
        assertEquals(java.util.Arrays.asList("Make Tag", "Make Field", "Drop from Layout", null, "Rename Key…", "Show in Attributes", null,
            "Add Templated Tag…", "Add Templated Field…"),
            openMenuItems(robot).stream().map(MenuItem::getText).toList());
        assertTrue(openMenuItems(robot).get(0).isDisable(), "session_id is a tag already");
        clickMenuItem(robot, "Make Field");
        awaitProjection(robot);
        assertEquals("12,910", projected(robot, "series"));
        assertEquals("Undo: make session_id a field", window.session().history().undoTextProperty().get());

        robot.clickOn("#card-ids-as-tags .card-header", MouseButton.SECONDARY);
        assertTrue(openMenuItems(robot).stream().map(MenuItem::getText).toList()
            .containsAll(List.of("Rename…", "Duplicate Layout", "Measurement Name or Template…", "Compare With", "Delete Layout")));
        clickMenuItem(robot, "Duplicate Layout");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.session().workspace().layout("ids-as-tags-copy").isPresent());
        assertEquals("ids-as-tags copy", window.session().selectedLayoutProperty().get().name(), "the copy is selected");
        assertEquals(window.session().workspace().layout("ids-as-tags").orElseThrow().tags(),
            window.session().workspace().layout("ids-as-tags-copy").orElseThrow().tags());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#card-ids-as-tags-copy").tryQuery().isPresent());
        snap(robot, "duplicated");

        // Ctrl+D duplicates the selected layout again: a second copy with a name of its own
        robot.press(KeyCode.CONTROL).type(KeyCode.D).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("ids-as-tags copy copy", window.session().selectedLayoutProperty().get().name());

        // the empty canvas: its top left corner, above and left of every card
        robot.clickOn(robot.point("#canvas").atPosition(javafx.geometry.Pos.TOP_LEFT).atOffset(new javafx.geometry.Point2D(4, 4)),
            MouseButton.SECONDARY);
        assertEquals(List.of("New Layout", "Auto-layout", "Fit to Window"), openMenuItems(robot).stream().map(MenuItem::getText).toList());
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void tFAndDeleteActOnTheSelectedAttributeWhereverTheFocusIsButNotWhileTyping(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        awaitChips(robot);
        robot.clickOn("#chip-ids-as-tags-session_id");
        // the focus goes elsewhere: the explorer tree
        robot.interact(() -> robot.lookup("#explorer").query().requestFocus());
        robot.type(KeyCode.F);
        awaitProjection(robot);
        assertEquals(Role.FIELD, window.session().selectedLayoutProperty().get().roleOf("session_id"));
        robot.type(KeyCode.T);
        awaitProjection(robot);
        assertEquals(Role.TAG, window.session().selectedLayoutProperty().get().roleOf("session_id"));

        // typing a T or F or Delete into a text field is typing
        robot.clickOn("Push");
        TextField db = robot.lookup("#targetDatabase").queryAs(TextField.class);
        robot.interact(db::clear);
        robot.clickOn(db);
        robot.write("fts");
        robot.type(KeyCode.BACK_SPACE);
        robot.type(KeyCode.HOME).type(KeyCode.DELETE);
        assertEquals("t", db.getText());
        assertEquals(Role.TAG, window.session().selectedLayoutProperty().get().roleOf("session_id"), "no role changed");
        assertEquals("Undo: make session_id a tag", window.session().history().undoTextProperty().get());
    }

    @Test
    void theHelpMenuListsTheShortcutsOfTheOneTableOfKeysShowsTheGuideAndTheVersion(FxRobot robot) throws Exception {
        // the menu bar's items have the table's keys, under the table's names
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        for (KeyBinding binding : KeyBinding.values()) {
            MenuItem item = MenuKeys.items(bar).stream().filter(i -> binding.id().equals(i.getId())).findFirst()
                .orElseThrow(() -> new AssertionError("no menu item for " + binding));
            assertEquals(binding.primary(), item.getAccelerator(), binding.toString());
            assertTrue(item.getText().replaceFirst("_", "").startsWith(binding.label()), item.getText() + " for " + binding);
        }
        assertTrue(MenuKeys.items(bar).stream().filter(i -> i.getAccelerator() != null)
            .allMatch(i -> KeyBinding.byId(i.getId()).isPresent()), "every key in the menus is the table's");

        robot.clickOn("Help").clickOn("Keyboard Shortcuts");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#shortcuts").tryQuery().isPresent());
        GridPane grid = robot.lookup("#shortcuts").queryAs(GridPane.class);
        List<String> expected = new ArrayList<>();
        String menu = null;
        for (KeyBinding binding : KeyBinding.values()) {
            if (!binding.menu().equals(menu)) {
                menu = binding.menu();
                expected.add(menu);
            }
            expected.add(binding.keysText() + " | " + binding.label());
        }
        expected.add("Canvas");
        CanvasGesture.ALL.forEach(g -> expected.add(g.gesture() + " | " + g.does()));
        assertEquals(expected, shownRows(grid));
        assertTrue(expected.contains("Ctrl+Shift+Z or Ctrl+Y | Redo"), "redo's second key is listed with it: " + expected);
        robot.interact(() -> grid.getScene().getWindow().hide());

        robot.clickOn("Help").clickOn("User Guide");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#guide").tryQuery().isPresent());
        String guide = robot.from(robot.lookup("#guide").<Node>query()).lookup((Node n) -> n instanceof javafx.scene.text.Text)
            .queryAllAs(javafx.scene.text.Text.class).stream().map(javafx.scene.text.Text::getText).reduce("", String::concat);
        assertTrue(guide.contains("Canvas") && guide.contains("Tags (indexed)"), guide.substring(0, Math.min(200, guide.length())));
        List<String> sections = robot.from(robot.lookup("#guide").<Node>query()).lookup(".guide-h2").queryAllAs(javafx.scene.text.TextFlow.class)
            .stream().map(f -> f.getChildren().stream().map(t -> ((javafx.scene.text.Text) t).getText()).reduce("", String::concat)).toList();
        assertTrue(sections.containsAll(List.of("Getting started", "The canvas", "The Projection panel", "The bottom tabs",
            "Compare and review", "Keyboard shortcuts")), "the guide's sections: " + sections);
        assertFalse(guide.contains("mvn") || guide.contains("Test.java"), "the guide speaks to users, not to developers");
        robot.interact(() -> robot.lookup("#guide").query().getScene().getWindow().hide());

        robot.clickOn("Help").clickOn("About Cardinal");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#about").tryQuery().isPresent());
        javafx.scene.control.DialogPane about = robot.lookup("#about").queryAs(javafx.scene.control.DialogPane.class);
        dev.cardinal.model.BuildInfo build = dev.cardinal.model.BuildInfo.current();
        assertEquals("Cardinal " + build.describe(), about.getHeaderText());
        assertTrue(about.getContentText().contains("Built from commit " + build.commit()), about.getContentText());
        robot.interact(() -> about.getScene().getWindow().hide());
    }

    @Test
    void withNoWorkspaceTheWindowIsAStartPageThatOpensASampleScenario(FxRobot robot) throws Exception {
        assertTrue(robot.lookup("#startPage").query().isVisible(), "no empty workbench without a workspace");
        assertFalse(robot.lookup("#mainSplit").query().isVisible(), "the workbench's panes wait for a workspace");
        robot.clickOn("#scenario-weather");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.session().workspace() != null);
        awaitProjection(robot);
        assertFalse(robot.lookup("#startPage").query().isVisible());
        assertEquals("weather", window.session().workspace().name());
        assertTrue(window.session().file().startsWith(RECOVERY.getParent().resolve("samples").toAbsolutePath())
            || window.session().file().toAbsolutePath().startsWith(RECOVERY.getParent().resolve("samples").toAbsolutePath()),
            String.valueOf(window.session().file()));
        assertEquals("38,016", projected(robot, "points"), "the scenario's own traffic, as in sample-data/");
    }

    @Test
    void settingsAreWrittenWhenTheyChangeNotOnlyWhenTheWindowCloses(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        Path home = dir.resolve("home");
        SettingsKeeper keeper = WaitForAsyncUtils.asyncFx(() ->
            new SettingsKeeper(stage, window, dev.cardinal.ui.shell.WorkbenchSettings.defaults(), home, executor)).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.asyncFx(keeper::keepNow).get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
        assertFalse(dev.cardinal.ui.shell.SettingsFile.load(home).darkTheme());
        java.nio.file.attribute.FileTime first = java.nio.file.Files.getLastModifiedTime(home.resolve("settings.json"));

        robot.interact(() -> window.controller().setDarkTheme(true));
        WaitForAsyncUtils.asyncFx(keeper::keepNow).get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
        assertTrue(dev.cardinal.ui.shell.SettingsFile.load(home).darkTheme(), "the theme is kept with the window open");

        java.nio.file.Files.setLastModifiedTime(home.resolve("settings.json"), first);
        WaitForAsyncUtils.asyncFx(keeper::keepNow).get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
        assertEquals(first, java.nio.file.Files.getLastModifiedTime(home.resolve("settings.json")), "unchanged settings are not written again");
        robot.interact(() -> window.controller().setDarkTheme(false));
    }

    @Test
    void settingsAreRememberedInAFileOfTheirOwn(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        robot.interact(() -> {
            window.controller().setDarkTheme(true);
            robot.lookup("#horizon").<javafx.scene.control.ChoiceBox<String>>query().setValue("90d");
            robot.lookup("#traffic").<javafx.scene.control.ChoiceBox<String>>query().setValue("x10");
        });
        dev.cardinal.ui.shell.WorkbenchSettings kept = WaitForAsyncUtils.asyncFx(() ->
            window.controller().settings(dev.cardinal.ui.shell.WorkbenchSettings.defaults()
                .withWindow(List.of(10.0, 20.0, 1000.0, 700.0), false))).get(10, TimeUnit.SECONDS);
        dev.cardinal.ui.shell.SettingsFile.save(kept, dir);
        dev.cardinal.ui.shell.WorkbenchSettings read = dev.cardinal.ui.shell.SettingsFile.load(dir);
        assertEquals(kept, read);
        assertTrue(read.darkTheme());
        assertEquals("90d", read.horizon());
        assertEquals("x10", read.traffic());
        assertEquals(2, read.dividers().size());

        // a new window takes them
        robot.interact(() -> {
            window.controller().setDarkTheme(false);
            robot.lookup("#horizon").<javafx.scene.control.ChoiceBox<String>>query().setValue("30d");
            window.controller().apply(read);
        });
        assertEquals("90d", robot.lookup("#horizon").<javafx.scene.control.ChoiceBox<String>>query().getValue());
        assertTrue(window.root().getStylesheets().stream().anyMatch(u -> u.endsWith("dark.css")));
        awaitProjection(robot);
        assertEquals("at 90d, x10", robot.lookup("#projection").queryTableView().getColumns().get(2).getText());

        // a damaged file gives the defaults, not a window that cannot start
        java.nio.file.Files.writeString(dir.resolve("settings.json"), "{ not json");
        assertEquals(dev.cardinal.ui.shell.WorkbenchSettings.defaults(), dev.cardinal.ui.shell.SettingsFile.load(dir));
    }

    /** WCAG's contrast ratio of two colours. */
    private static double contrast(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(javafx.scene.paint.Color c) {
        double[] rgb = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int i = 0; i < 3; i++) {
            rgb[i] = rgb[i] <= 0.03928 ? rgb[i] / 12.92 : Math.pow((rgb[i] + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    }

    @Test
    void aSelectedErrorRowStaysReadableInBothThemesAndRedMeansBad(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().findingsProperty().get().isEmpty());
        robot.clickOn(robot.lookup((Node n) -> n instanceof javafx.scene.control.Labeled l && l.getText() != null
            && l.getText().startsWith("Findings (")).<Node>query());
        TableView<dev.cardinal.lint.Finding> findings = robot.lookup("#findings").queryTableView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !findings.getItems().isEmpty());
        int error = java.util.stream.IntStream.range(0, findings.getItems().size())
            .filter(i -> findings.getItems().get(i).severity() == dev.cardinal.lint.Severity.ERROR).findFirst().orElseThrow();
        robot.interact(() -> {
            findings.requestFocus();
            findings.getSelectionModel().select(error);
        });
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> window.controller().setDarkTheme(dark));
            WaitForAsyncUtils.waitForFxEvents();
            javafx.scene.control.TableRow<?> row = robot.lookup((Node n) -> n instanceof javafx.scene.control.TableRow<?> r
                && r.getTableView() == findings && r.getIndex() == error).queryAs(javafx.scene.control.TableRow.class);
            assertTrue(row.isSelected());
            var fills = row.getBackground().getFills();
            javafx.scene.paint.Color back = (javafx.scene.paint.Color) fills.get(fills.size() - 1).getFill();
            for (Node cell : row.lookupAll(".table-cell")) {
                javafx.scene.paint.Color text = (javafx.scene.paint.Color) ((javafx.scene.control.Labeled) cell).getTextFill();
                assertTrue(contrast(text, back) >= 4.5, (dark ? "dark" : "light") + ": " + text + " on " + back + " = " + contrast(text, back));
            }
            // the accent, focus and selection, is not the colour of what is bad
            javafx.scene.paint.Color bad = (javafx.scene.paint.Color) robot.lookup("#chip-ids-as-tags-user_id .chip-growth").queryAs(Label.class)
                .getBackground().getFills().get(0).getFill();
            assertTrue(Math.abs(back.getHue() - bad.getHue()) > 60, "selection " + back + " against bad " + bad);
        }
        robot.interact(() -> window.controller().setDarkTheme(false));
    }

    @Test
    void applyFixAndCopySayWhatTheyDid(FxRobot robot, @TempDir Path dir) throws Exception {
        openCopy(robot, dir);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.session().projection().findingsProperty().get().stream()
            .anyMatch(f -> f.subject().equals("session_id") && f.fix().applicable()));
        robot.clickOn(robot.lookup((Node n) -> n instanceof javafx.scene.control.Labeled l && l.getText() != null
            && l.getText().startsWith("Findings (")).<Node>query());
        TableView<dev.cardinal.lint.Finding> findings = robot.lookup("#findings").queryTableView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> findings.getItems().stream().anyMatch(f -> f.subject().equals("session_id")));
        var sessionTag = findings.getItems().stream().filter(f -> f.subject().equals("session_id") && f.fix().applicable()).findFirst().orElseThrow();
        robot.interact(() -> findings.getSelectionModel().select(sessionTag));
        robot.clickOn("#applyFix");
        Label status = robot.lookup("#status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> status.getText().startsWith("Applied: "));
        assertTrue(status.getText().endsWith("series 12,934 → 12,910"), status.getText());

        robot.clickOn("Code");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#code-influxql").tryQuery().isPresent());
        robot.clickOn("#copyCode");
        assertTrue(status.getText().startsWith("Copied the InfluxQL code ("), status.getText());
        String copied = WaitForAsyncUtils.asyncFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()).get(5, TimeUnit.SECONDS);
        assertEquals(copied.split("\n", -1).length + " lines",
            status.getText().replaceAll(".*\\((.*)\\).*", "$1"));
    }
}

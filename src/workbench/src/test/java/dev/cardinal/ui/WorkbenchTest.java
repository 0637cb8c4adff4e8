package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.cli.Main;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.lint.Finding;
import dev.cardinal.ui.attributes.AttributeRow;
import dev.cardinal.ui.code.CodePanel;
import dev.cardinal.ui.projection.ProjectionRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The workbench window, headless (Monocle): open the sample workspace and see its attributes and problems. */
class WorkbenchTest extends WorkbenchFixture {
    @Test
    void opensTheSampleWorkspaceAndShowsItsAttributes(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        robot.clickOn("Attributes");
        TableView<AttributeRow> table = robot.lookup("#attributes").queryTableView();
        assertEquals(7, table.getItems().size());
        AttributeRow user = table.getItems().stream().filter(r -> r.name().equals("user_id")).findFirst().orElseThrow();
        assertEquals(new AttributeRow("user_id", "string", "tag", "tag", 1413), user);
        assertEquals("20,000 points read from 1 file, 0 bad lines", robot.lookup("#status").queryAs(Label.class).getText());
        assertEquals("Cardinal — ad-marketplace (ad-marketplace.cardinal.json)", robot.window(0).getScene().getWindow() instanceof Stage s ? s.getTitle() : "");

        TreeView<Object> tree = robot.lookup("#explorer").queryAs(TreeView.class);
        TreeItem<Object> layouts = tree.getRoot().getChildren().get(1);
        robot.interact(() -> tree.getSelectionModel().select(layouts.getChildren().get(1)));
        AttributeRow userNow = table.getItems().stream().filter(r -> r.name().equals("user_id")).findFirst().orElseThrow();
        assertEquals("field", userNow.role(), "in ids-as-fields the user id is a field");
        awaitProjection(robot);
        robot.interact(() -> {
            try {
                Screenshots.save(window.root(), "main-window");
                window.controller().setDarkTheme(true);
                Screenshots.save(window.root(), "main-window-dark");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        assertTrue(Files.size(Path.of("target/screenshots/main-window.png")) > 10_000);
        assertTrue(Files.size(Path.of("target/screenshots/main-window-dark.png")) > 10_000);
        // the dark theme paints the window dark: the top-left pixel of the explorer's pane
        javafx.scene.image.Image dark = new javafx.scene.image.Image(Path.of("target/screenshots/main-window-dark.png").toUri().toString());
        assertTrue(dark.getPixelReader().getColor(5, (int) dark.getHeight() - 5).getBrightness() < 0.3, "dark status bar");
        robot.interact(() -> window.controller().setDarkTheme(false));
    }

    @Test
    void pressingFOnTagsMakesThemFieldsAndTheProjectionDropsToTheExactSeriesCountUndoRestoresIt(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        // distinct series keys in the sample file, counted with a script: all five tags; without session_id; without
        // session_id and user_id (a session belongs to one user, so user_id alone changes nothing)
        assertEquals("12,934", projected(robot, "series"), "ids-as-tags over the sample");
        robot.clickOn("Attributes");
        TableView<AttributeRow> table = robot.lookup("#attributes").queryTableView();
        List<String> names = table.getItems().stream().map(AttributeRow::name).toList();
        int session = names.indexOf("session_id");
        int user = names.indexOf("user_id");
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(session);
        });
        robot.type(KeyCode.F);
        awaitProjection(robot);
        assertEquals("12,910", projected(robot, "series"));
        robot.interact(() -> table.getSelectionModel().select(user));
        robot.type(KeyCode.F);
        awaitProjection(robot);
        assertEquals("field", table.getItems().get(user).role());
        assertEquals("7,921", projected(robot, "series"));
        assertEquals("", projected(robot, "values of tag user_id"), "user_id is no longer a tag");
        assertTrue(robot.window(0).getScene().getWindow() instanceof Stage s && s.getTitle().endsWith(" *"));
        snap(robot, "role-toggled");

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        awaitProjection(robot);
        assertEquals("tag", table.getItems().get(user).role());
        assertEquals("12,910", projected(robot, "series"));
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        awaitProjection(robot);
        assertEquals("12,934", projected(robot, "series"));
        assertTrue(robot.window(0).getScene().getWindow() instanceof Stage s && !s.getTitle().endsWith(" *"));

        // Ctrl+Y redoes too, as in most database tools on Linux and Windows
        robot.press(KeyCode.CONTROL).type(KeyCode.Y).release(KeyCode.CONTROL);
        awaitProjection(robot);
        assertEquals("12,910", projected(robot, "series"));
        assertEquals("field", table.getItems().get(session).role());
    }

    @Test
    void applyFixInTheFindingsTabChangesTheLayoutAndTheFindingGoes(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.session().projection().findingsProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.Labeled l && l.getText() != null
            && l.getText().startsWith("Findings (")).<javafx.scene.Node>query());
        TableView<Finding> findings = robot.lookup("#findings").queryTableView();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> findings.getItems().stream().anyMatch(f -> f.subject().equals("session_id")));
        Finding sessionTag = findings.getItems().stream()
            .filter(f -> f.subject().equals("session_id") && f.rule().equals("tag-grows-with-traffic")).findFirst().orElseThrow();
        robot.interact(() -> findings.getSelectionModel().select(sessionTag));
        robot.clickOn("Attributes");
        TableView<AttributeRow> attributes = robot.lookup("#attributes").queryTableView();
        assertEquals("session_id", attributes.getSelectionModel().getSelectedItem().name(), "the finding's subject is selected");
        robot.clickOn("Canvas");
        assertTrue(robot.lookup("#chip-ids-as-tags-session_id").query().getPseudoClassStates()
            .contains(javafx.css.PseudoClass.getPseudoClass("selected")), "and highlighted on the canvas");
        snap(robot, "findings");
        robot.clickOn("#applyFix");
        awaitProjection(robot);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> findings.getItems().stream()
            .noneMatch(f -> f.subject().equals("session_id") && f.rule().equals("tag-grows-with-traffic")));
        assertEquals("field", attributes.getItems().stream().filter(a -> a.name().equals("session_id")).findFirst().orElseThrow().role());
        assertEquals("12,910", projected(robot, "series"));
    }

    @Test
    void theCodePanelShowsTheInfluxQlOfTheCurrentLayoutAndExportsIt(FxRobot robot, @TempDir Path dir) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        robot.clickOn("Code");
        CodePanel code = robot.lookup("#codePanel").queryAs(CodePanel.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> code.text("InfluxQL").contains("GROUP BY \"event\""));
        assertTrue(code.text("InfluxQL").contains("CREATE RETENTION POLICY \"autogen\" ON \"cardinal_ads\""), code.text("InfluxQL"));
        assertTrue(code.text("Line protocol").startsWith("# ids-as-tags.lp"), code.text("Line protocol"));
        // no relational rollup reads ids-as-tags: the SQL tab holds only InfluxDB 3's example queries for it
        assertTrue(code.text("SQL").startsWith("-- ids-as-tags.influxdb3.sql"), code.text("SQL"));
        org.junit.jupiter.api.Assertions.assertFalse(code.text("SQL").contains("CREATE TABLE"), "ids-as-tags has no relational rollup: " + code.text("SQL"));
        // the code areas are made as their tabs are shown; the shown one holds the text
        assertEquals(code.text("InfluxQL"), robot.lookup("#code-influxql").queryAs(CodeArea.class).getText());
        assertTrue(robot.lookup("#code-flux").tryQuery().isEmpty(), "the Flux tab has not been shown yet");
        TabPane codeTabs = robot.lookup("#codeTabs").queryAs(TabPane.class);
        robot.interact(() -> codeTabs.getSelectionModel().select(1));
        assertEquals("Flux", codeTabs.getSelectionModel().getSelectedItem().getText());
        assertEquals(code.text("Flux"), robot.lookup("#code-flux").queryAs(CodeArea.class).getText());
        robot.interact(() -> codeTabs.getSelectionModel().select(0));
        snap(robot, "code-panel");

        // event becomes a field: the InfluxQL no longer groups by it as a tag
        robot.clickOn("Attributes");
        TableView<AttributeRow> table = robot.lookup("#attributes").queryTableView();
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(0);
        });
        assertEquals("event", table.getSelectionModel().getSelectedItem().name());
        robot.type(KeyCode.F);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !code.text("InfluxQL").contains("GROUP BY \"event\""));

        robot.interact(() -> window.controller().exportCodeTo(dir.resolve("out")));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(dir.resolve("out/README.md")));
        // the tab shows each InfluxQL file under its name (InfluxDB 1.x's, then InfluxDB 3's examples): the exported
        // file is what the panel shows under its name
        String shown = code.text("InfluxQL");
        String first = shown.substring(shown.indexOf('\n') + 1);
        assertTrue(first.startsWith(Files.readString(dir.resolve("out/ids-as-tags.influxql"))), "the exported file is what the panel shows");

        // ids-as-fields has the daily rollup into a relational table: its SQL, per dialect
        TreeView<Object> tree = robot.lookup("#explorer").queryAs(TreeView.class);
        robot.interact(() -> tree.getSelectionModel().select(tree.getRoot().getChildren().get(1).getChildren().get(1)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> code.text("SQL").contains("ON DUPLICATE KEY UPDATE"));
        robot.interact(() -> robot.lookup("#sqlDialect").<javafx.scene.control.ChoiceBox<dev.cardinal.engine.SqlDialect>>query()
            .setValue(dev.cardinal.engine.SqlDialect.POSTGRESQL));
        assertTrue(code.text("SQL").contains("ON CONFLICT"), "PostgreSQL after the switch");
        assertTrue(!code.text("SQL").contains("ON DUPLICATE KEY UPDATE"), "and only PostgreSQL");
    }

    @Test
    void draggingChipsFromTagsToFieldsOnTheCanvasDropsTheSeriesCountAndCardsKeepTheirPlaceAfterSaveAndReopen(FxRobot robot,
                                                                                                          @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#chip-ids-as-tags-user_id .chip-distinct").tryQuery().isPresent());
        assertEquals("1,413", robot.lookup("#chip-ids-as-tags-user_id .chip-distinct").queryAs(Label.class).getText());
        assertEquals("grows", robot.lookup("#chip-ids-as-tags-user_id .chip-growth").queryAs(Label.class).getText());
        assertEquals("closed", robot.lookup("#chip-ids-as-tags-event .chip-growth").queryAs(Label.class).getText());

        robot.drag("#chip-ids-as-tags-session_id").dropTo("#fields-ids-as-tags");
        awaitProjection(robot);
        assertEquals("12,910", projected(robot, "series"));
        robot.drag("#chip-ids-as-tags-user_id").dropTo("#fields-ids-as-tags");
        awaitProjection(robot);
        assertEquals("7,921", projected(robot, "series"));
        assertTrue(robot.lookup("#fields-ids-as-tags #chip-ids-as-tags-user_id").tryQuery().isPresent(), "the chip is in Fields now");
        snap(robot, "canvas");
        robot.interact(() -> {
            window.controller().exportCanvasPngTo(dir.resolve("canvas.png"));
            window.controller().exportCanvasSvgTo(dir.resolve("canvas.svg"));
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(dir.resolve("canvas.png")) && Files.exists(dir.resolve("canvas.svg")));
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(dir.resolve("canvas.png").toFile());
        assertTrue(png.getWidth() >= 2 * 270 && png.getHeight() > 300, png.getWidth() + "x" + png.getHeight() + ": every card, not the visible part");
        assertTrue(Files.readString(dir.resolve("canvas.svg")).contains("user_id  string  1,413  grows"));

        // a chip selected on the canvas takes T: user_id back to Tags (scrolled down to it: it is the last field)
        robot.interact(() -> robot.lookup("#canvas").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(1));
        robot.clickOn("#chip-ids-as-tags-user_id");
        robot.type(KeyCode.T);
        awaitProjection(robot);
        assertEquals("12,910", projected(robot, "series"));

        // move the ids-as-fields card by its header, save, reopen: same layout roles, same place
        javafx.scene.Node card = robot.lookup("#card-ids-as-fields").query();
        double x = card.getLayoutX();
        robot.drag("#card-ids-as-fields .card-header").moveBy(60, 120).release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        var moved = window.session().workspace().canvas().get("ids-as-fields");
        // the canvas opens fitted to its cards: 60 pixels on screen are 60 / zoom on the canvas
        double zoom = robot.lookup("#canvas").queryAs(dev.cardinal.ui.canvas.CanvasView.class).zoom();
        assertTrue(moved != null && moved.y() >= 100 && Math.abs(moved.x() - x - 60 / zoom) <= 2, moved + " at zoom " + zoom);
        saveAndWait(robot);
        var saved = window.session().workspace();
        openAndWait(robot, ws);
        awaitProjection(robot);
        assertEquals(saved, window.session().workspace(), "reopened as saved");
        assertEquals(moved, window.session().workspace().canvas().get("ids-as-fields"));
        javafx.scene.Node reopenedCard = robot.lookup("#card-ids-as-fields").query();
        assertEquals(moved.x(), reopenedCard.getLayoutX(), 0.5);
        assertEquals("12,910", projected(robot, "series"));
    }

    @Test
    void unsavedEditsAreCopiedAsideAndOfferedWhenTheWorkspaceIsOpenedAgain(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        var recovery = new dev.cardinal.ui.shell.Recovery(Path.of("target/cardinal-home"));
        var onDisk = window.session().workspace();
        robot.interact(() -> window.session().edits().setRole("session_id", dev.cardinal.model.Role.FIELD));
        var edited = window.session().workspace();
        window.controller().autosaveNow().get(10, TimeUnit.SECONDS);
        assertEquals(edited, recovery.find(ws, onDisk).orElseThrow().workspace(), "the unsaved edit is copied aside");
        // undone back to the saved state: the copy goes at the next autosave
        robot.interact(() -> window.session().history().undo());
        window.controller().autosaveNow().get(10, TimeUnit.SECONDS);
        assertTrue(recovery.find(ws, onDisk).isEmpty(), "nothing to recover once the edit is undone");
        // a run that ended without saving left its copy behind: opening the workspace again offers it
        recovery.save(ws, edited);
        openAndWait(robot, ws);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#recoveryBar").query().isVisible());
        assertTrue(robot.lookup("#recoveryText").queryAs(Label.class).getText().startsWith("Unsaved changes to ads.cardinal.json from "));
        snap(robot, "recovery");
        robot.clickOn("#restoreRecovered");
        awaitProjection(robot);
        assertEquals(dev.cardinal.model.Role.FIELD, window.session().selectedLayoutProperty().get().roleOf("session_id"));
        assertEquals("12,910", projected(robot, "series"));
        assertTrue(window.session().history().isDirty());
        robot.press(KeyCode.CONTROL).type(KeyCode.S).release(KeyCode.CONTROL);
        // saved: the recovery copy is gone (an empty workspace differs from any copy, so a copy would be found)
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> recovery.find(ws, dev.cardinal.model.Workspace.empty("x")).isEmpty());
        assertTrue(recovery.recent().contains(ws.toAbsolutePath()));
    }

    @Test
    void aNewLayoutStartsWithEverythingAsFieldsAndADraggedTagMakesItsSeries(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        robot.clickOn("New Layout");
        awaitProjection(robot);
        assertEquals("1", projected(robot, "series"));
        robot.clickOn("Fit");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!robot.lookup("#minimap").query().isVisible(), "all three cards fit");
        robot.drag("#chip-listing-event-layout-event").dropTo("#tags-listing-event-layout");
        awaitProjection(robot);
        assertEquals("5", projected(robot, "series"));
        assertEquals("Undo: make event a tag", window.session().history().undoTextProperty().get());

        // F2 renames the selected card's layout
        robot.clickOn("#card-listing-event-layout .card-header").type(KeyCode.F2);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".dialog-pane").tryQuery().isPresent(),
            "the rename dialog is open (the canvas kept its scroll position, so the header was clicked)");
        robot.clickOn(".dialog-pane .text-field").push(KeyCode.CONTROL, KeyCode.A).write("by event");
        robot.clickOn(robot.lookup(".dialog-pane .button").match((javafx.scene.control.Button b) -> b.isDefaultButton()).<javafx.scene.Node>query());
        WaitForAsyncUtils.waitForFxEvents();
        // the id made from the name follows the new name: the card, its chips and the generated files say it
        assertEquals("by event", window.session().workspace().layout("by-event").orElseThrow().name());

        // device dropped from the layout (Delete on its chip), then dragged back from the palette into Tags
        robot.interact(() -> robot.lookup("#canvas").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(0.5));
        robot.clickOn("#chip-by-event-device").type(KeyCode.DELETE);
        awaitProjection(robot);
        assertTrue(robot.lookup("#chip-by-event-device").tryQuery().isEmpty(), "dropped from the card");
        robot.interact(() -> robot.lookup("#canvas").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(0));
        robot.drag("#palette-device").dropTo("#tags-by-event");
        awaitProjection(robot);
        assertEquals("25", projected(robot, "series"), "event x device");
        assertEquals(dev.cardinal.model.Role.TAG, window.session().workspace().layout("by-event").orElseThrow().roleOf("device"));

        // a templated tag from the Tags compartment's menu: several facts in one tag
        robot.rightClickOn("#chip-by-event-device").clickOn("Add Templated Tag…"); // a chip's menu has it too
        robot.clickOn(".dialog-pane .text-field").push(KeyCode.CONTROL, KeyCode.A).write("what = {event}-{device}");
        robot.clickOn(robot.lookup(".dialog-pane .button").match((javafx.scene.control.Button b) -> b.isDefaultButton()).<javafx.scene.Node>query());
        awaitProjection(robot);
        assertEquals("25", projected(robot, "series"));
        assertTrue(robot.lookup("#templated-by-event-what").tryQuery().isPresent());
        javafx.scene.control.Label what = robot.lookup("#templated-by-event-what").queryAs(javafx.scene.control.Label.class);
        org.junit.jupiter.api.Assertions.assertFalse(what.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("grows")), "event and device are closed sets");

        // one that writes a growing id: red and badged in Tags, as a plain chip would be
        robot.interact(() -> {
            try {
                window.session().edits().putTag("by-event", "who", "{user_id}-{device}");
            } catch (dev.cardinal.model.TemplateException e) {
                throw new AssertionError(e);
            }
        });
        awaitProjection(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#templated-by-event-who").tryQuery().isPresent());
        javafx.scene.control.Label who = robot.lookup("#templated-by-event-who").queryAs(javafx.scene.control.Label.class);
        assertTrue(who.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("grows")), "who writes user_id");
        assertTrue(who.getGraphic() instanceof javafx.scene.control.Label badge && badge.getText().equals("grows"));
        snap(robot, "new-layout");
    }

    @Test
    void theTargetFormPlansAppliesAndComparesOnARealInstanceAndThePasswordIsNeverSaved(FxRobot robot, @TempDir Path dir) throws Exception {
        InfluxdRequired.check();
        Path ws = dir.resolve("ads.cardinal.json");
        Files.copy(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"), ws);
        Files.copy(Path.of("sample-data/ad-marketplace/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        try (dev.cardinal.engine.influxdb1.ScratchInfluxd server = dev.cardinal.engine.influxdb1.ScratchInfluxd.start()) {
            openAndWait(robot, ws);
            TreeView<Object> tree = robot.lookup("#explorer").queryAs(TreeView.class);
            robot.interact(() -> tree.getSelectionModel().select(tree.getRoot().getChildren().get(1).getChildren().get(1)));
            robot.clickOn("Push");
            robot.interact(() -> {
                robot.lookup("#targetUrl").queryTextInputControl().setText(server.url().toString());
                robot.lookup("#targetDatabase").queryTextInputControl().setText("review");
                robot.lookup("#targetPassword").queryTextInputControl().setText("s3cret-pa55");
            });
            robot.clickOn("#planTarget");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled()
                || robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Plan failed"));
            String plan = robot.lookup("#planText").queryTextInputControl().getText();
            assertTrue(plan.contains("create") && plan.contains("CREATE DATABASE \"review\""), plan);
            robot.clickOn("#applyTarget");
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
                .matches(".*(holds what was projected|differ|failed).*"));
            String summary = robot.lookup("#pushSummary").queryAs(Label.class).getText();
            assertTrue(summary.contains("the server holds what was projected"), summary);
            TableView<ComparisonRow> result = robot.lookup("#pushResult").queryTableView();
            assertTrue(result.getItems().stream().noneMatch(ComparisonRow::differs), result.getItems().toString());
            snap(robot, "push-target");

            // planned again: the instance already has it all
            robot.clickOn("#planTarget");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled());
            assertTrue(robot.lookup("#planText").queryTextInputControl().getText().contains("nothing to do"));
        }
        robot.interact(() -> window.session().edits().setRole("device", dev.cardinal.model.Role.FIELD));
        saveAndWait(robot);
        assertTrue(Files.readString(ws).contains("\"device\""));
        for (Path f : List.of(ws, dev.cardinal.model.WorkspaceFiles.backupOf(ws.toAbsolutePath()))) {
            assertTrue(!Files.readString(f).contains("s3cret-pa55"), "no password in " + f);
        }
        try (var files = Files.walk(Path.of("target/cardinal-home"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                // bytes as they are: the folder holds sample scenarios' gzipped traffic too
                assertTrue(!new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains("s3cret-pa55"),
                    "no password in " + f);
            }
        }
    }

    @Test
    void theMinimapAppearsWhenTheCardsDoNotFitAndMovesTheView(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        javafx.scene.control.ScrollPane canvas = robot.lookup("#canvas").queryAs(javafx.scene.control.ScrollPane.class);
        robot.interact(() -> ((dev.cardinal.ui.canvas.CanvasView) canvas).setZoom(0.5));
        assertTrue(!robot.lookup("#minimap").query().isVisible(), "everything fits at 50%");
        robot.interact(() -> ((dev.cardinal.ui.canvas.CanvasView) canvas).setZoom(2));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#minimap").query().isVisible(), "at 200% the cards do not fit");
        robot.interact(() -> {
            canvas.setHvalue(0);
            canvas.setVvalue(0);
        });
        javafx.scene.Node map = robot.lookup("#minimap").query();
        var b = map.localToScreen(map.getBoundsInLocal());
        robot.clickOn(b.getMinX() + b.getWidth() * 0.9, b.getMinY() + b.getHeight() * 0.9);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(canvas.getHvalue() > 0.5 && canvas.getVvalue() > 0.5, canvas.getHvalue() + ", " + canvas.getVvalue());
        // scrolled to the far corner, no chip is under the map (it covered the last card's chips at 1280x800)
        robot.interact(() -> {
            canvas.setHvalue(1);
            canvas.setVvalue(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        var mapOnScreen = map.localToScreen(map.getBoundsInLocal());
        List<String> covered = robot.lookup(".chip").queryAll().stream().filter(javafx.scene.Node::isVisible)
            .filter(c -> c.localToScreen(c.getBoundsInLocal()).intersects(mapOnScreen)).map(javafx.scene.Node::getId).toList();
        assertTrue(covered.isEmpty(), "chips under the minimap: " + covered);
        snap(robot, "minimap");
    }

    @Test
    void anEditRedrawsOnlyTheCardItChangedAndTheExplorerKeepsWhatIsExpanded(FxRobot robot) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        javafx.scene.Node tagsCard = robot.lookup("#card-ids-as-tags").query();
        javafx.scene.Node fieldsCard = robot.lookup("#card-ids-as-fields").query();
        TreeView<Object> tree = robot.lookup("#explorer").queryAs(TreeView.class);
        TreeItem<Object> layoutItem = tree.getRoot().getChildren().get(1).getChildren().get(0);
        robot.interact(() -> layoutItem.setExpanded(true));
        // a node taken off the scene and put back has all its styles computed again: a role toggle moves one chip
        java.util.concurrent.atomic.AtomicInteger detached = new java.util.concurrent.atomic.AtomicInteger();
        fieldsCard.parentProperty().addListener((o, was, now) -> detached.incrementAndGet());
        tagsCard.parentProperty().addListener((o, was, now) -> detached.incrementAndGet());
        javafx.scene.Node userChip = robot.lookup("#chip-ids-as-tags-user_id").query();
        javafx.scene.Node listingChip = robot.lookup("#chip-ids-as-tags-listing_id").query();
        listingChip.parentProperty().addListener((o, was, now) -> detached.incrementAndGet());
        assertEquals("tags-ids-as-tags", userChip.getParent().getId());
        robot.interact(() -> window.session().edits().setRole("ids-as-tags", "user_id", dev.cardinal.model.Role.FIELD));
        awaitProjection(robot);
        assertSame(tagsCard, robot.lookup("#card-ids-as-tags").query(), "the edited card keeps its nodes");
        assertSame(fieldsCard, robot.lookup("#card-ids-as-fields").query(), "the other card keeps its nodes");
        assertSame(userChip, robot.lookup("#chip-ids-as-tags-user_id").query(), "the toggled chip is moved, not made anew");
        assertEquals("fields-ids-as-tags", userChip.getParent().getId(), "now among the fields");
        assertEquals(0, detached.get(), "no card and no other chip was taken off the canvas");
        // an edit a chip move cannot show (a renamed measurement) draws the card anew, in its place
        int tagsAt = tagsCard.getParent().getChildrenUnmodifiable().indexOf(tagsCard);
        robot.interact(() -> {
            try {
                window.session().edits().setMeasurement("ids-as-tags", "renamed");
            } catch (dev.cardinal.model.TemplateException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitProjection(robot);
        javafx.scene.Node drawnAnew = robot.lookup("#card-ids-as-tags").query();
        assertTrue(drawnAnew != tagsCard, "drawn anew");
        assertEquals(tagsAt, fieldsCard.getParent().getChildrenUnmodifiable().indexOf(drawnAnew), "in its place");
        assertEquals(null, tagsCard.getParent(), "the old card is gone");
        assertSame(fieldsCard, robot.lookup("#card-ids-as-fields").query(), "the other card keeps its nodes");
        assertSame(layoutItem, tree.getRoot().getChildren().get(1).getChildren().get(0));
        assertTrue(layoutItem.isExpanded(), "the explorer did not collapse");
        assertTrue(layoutItem.getChildren().stream().anyMatch(c -> c.getValue().toString().equals("field user_id")),
            layoutItem.getChildren().toString());
    }

    @Test
    void aTypedTrafficProfileIsCheckedThenWrittenAndAddedAsASample(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);

        // the dialog starts from a profile like the sample, and refuses a broken one with its line
        robot.clickOn("File");
        robot.clickOn("Synthesize Traffic from a Profile…");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#profileText").tryQuery().isPresent());
        javafx.scene.control.TextArea text = robot.lookup("#profileText").queryAs(javafx.scene.control.TextArea.class);
        assertTrue(text.getText().contains("\"eventKind\" : \"listing_event\"") || text.getText().contains("\"eventKind\": \"listing_event\""),
            text.getText());
        assertTrue(text.getText().contains("\"user_id\""), "every attribute of the sample is in it");
        robot.interact(() -> text.setText(text.getText().replaceFirst("\"pointsPerDay\"\\s*:\\s*[0-9.]+", "\"pointsPerDay\" : -5")));
        robot.clickOn("Generate…");
        Label problems = robot.lookup("#profileProblems").queryAs(Label.class);
        assertTrue(problems.getText().startsWith("line "), problems.getText());
        assertTrue(problems.getText().contains("pointsPerDay"), problems.getText());
        robot.interact(() -> {
            try {
                Screenshots.save(text.getScene().getRoot(), "profile-dialog");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        robot.clickOn("Cancel");

        String json = """
            {"formatVersion": 1, "eventKind": "listing_event", "pointsPerDay": 2000, "span": "7d", "seed": 3,
             "attributes": [
               {"name": "event", "kind": "closed", "values": 5, "asTag": true},
               {"name": "listing_id", "kind": "id", "newPerDay": 300, "asTag": true},
               {"name": "count", "kind": "measure", "type": "integer"}]}
            """;
        var checked = dev.cardinal.ui.shell.ProfileDialog.check(json);
        assertEquals(List.of(), checked.problems());
        Path target = dir.resolve("listing-synthetic.lp.gz");
        robot.interact(() -> window.controller().synthesize(checked.typed().profile(), json, target));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.session().workspace().samples().size() == 2
            && window.session().history().undoTextProperty().get().startsWith("Undo: add synthetic sample"));
        awaitProjection(robot);
        assertEquals("34,000", projected(robot, "points"), "the sample's 20,000 and 7 days of 2,000");
        // the numbers now mix real and synthetic traffic: said in plain words (issue 34)
        assertEquals("Synthetic traffic added to the sample: every number of listing_event now counts 14,000 synthetic points "
            + "with 20,000 real ones (Ctrl+Z takes them out)", window.session().messageProperty().get());
        assertTrue(Files.size(target) > 1_000);
        assertEquals(json, Files.readString(dir.resolve("listing-synthetic.profile.json")), "the profile is kept beside its traffic");
    }

    @Test
    void theCompareViewShowsBothLayoutsTheirNumbersAndVerdictAndExportsTheReview(FxRobot robot, @TempDir Path dir) throws Exception {
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        awaitProjection(robot);
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().equals("Compare")).<javafx.scene.Node>query());
        assertEquals("ids-as-tags", robot.lookup("#compareA").<javafx.scene.control.ChoiceBox<dev.cardinal.compare.Side>>query().getValue().layout().id());
        assertEquals("ids-as-fields", robot.lookup("#compareB").<javafx.scene.control.ChoiceBox<dev.cardinal.compare.Side>>query().getValue().layout().id());
        robot.clickOn("#compareButton");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !robot.lookup("#compareMetrics").queryAs(dev.cardinal.ui.compare.MetricsGrid.class).rows().isEmpty()
            || robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("Cannot"));
        assertTrue(!robot.lookup("#compareMetrics").queryAs(dev.cardinal.ui.compare.MetricsGrid.class).rows().isEmpty(), robot.lookup("#compareStatus").queryAs(Label.class).getText());
        WaitForAsyncUtils.waitForFxEvents();
        dev.cardinal.ui.compare.MetricsGrid metrics = robot.lookup("#compareMetrics").queryAs(dev.cardinal.ui.compare.MetricsGrid.class);
        var series = metrics.rows().stream().filter(m -> m.name().equals("series")).findFirst().orElseThrow();
        // the same numbers as cardinal analyze gives for each layout (and the projection panel shows)
        assertEquals(12_934, series.metric().a());
        assertEquals(5, series.metric().b());
        assertEquals("−12,929", series.change());
        assertEquals(Boolean.TRUE, series.better());
        var valuesPerTag = metrics.rows().stream().filter(m -> m.name().equals("time to InfluxDB 1.x OSS values per tag 100,000")).findFirst()
            .orElseThrow();
        assertTrue(valuesPerTag.a().startsWith("after ") && valuesPerTag.a().endsWith("(session_id)"), valuesPerTag.a());
        assertEquals("never (event)", valuesPerTag.b());
        assertEquals(Boolean.TRUE, valuesPerTag.better(), "never is later than any time");
        Label verdict = robot.lookup("#compareVerdict .verdict-line").queryAs(Label.class);
        assertEquals("ids-as-fields holds 5 series at 30d where ids-as-tags holds 27,808: 5,562x fewer.", verdict.getText());
        javafx.scene.Node userA = robot.lookup("#compareCanvasA #chip-ids-as-tags-user_id").query();
        assertTrue(userA.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("changed")), "user_id differs: marked");
        javafx.scene.Node eventA = robot.lookup("#compareCanvasA #chip-ids-as-tags-event").query();
        assertTrue(!eventA.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("changed")), "event is a tag in both");
        assertTrue(robot.lookup("#compareDetails").queryTextInputControl().getText().contains("## The same questions in both"));
        List<dev.cardinal.lint.Finding> findingsA = robot.lookup("#compareFindingsA").queryAs(dev.cardinal.ui.compare.FindingRows.class).findings();
        List<dev.cardinal.lint.Finding> findingsB = robot.lookup("#compareFindingsB").queryAs(dev.cardinal.ui.compare.FindingRows.class).findings();
        assertEquals(window.session().projection().findingsProperty().get().size(), findingsA.size(),
            "ids-as-tags is the selected layout: the same findings as the Findings panel");
        assertTrue(findingsA.stream().anyMatch(f -> f.rule().equals("tag-grows-with-traffic") && f.subject().equals("user_id")));
        assertTrue(findingsB.stream().noneMatch(f -> f.rule().equals("tag-grows-with-traffic")));
        snap(robot, "compare");
        robot.interact(() -> window.controller().setDarkTheme(true));
        snap(robot, "compare-dark");
        robot.interact(() -> window.controller().setDarkTheme(false));
    }

    @Test
    void aLayoutAsItWasAtAGitRevisionComparesWithTheOneBeingEdited(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = dev.cardinal.compare.ReviewedChange.make(dir);
        openAndWait(robot, ws);
        awaitProjection(robot);
        robot.interact(() -> window.controller().compareWithLayoutsFrom(ws, "HEAD"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#compareStatus").queryAs(Label.class).getText().contains("HEAD")
            && !robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("Reading"));
        assertEquals("2 layouts from HEAD to compare with.", robot.lookup("#compareStatus").queryAs(Label.class).getText());
        javafx.scene.control.ChoiceBox<dev.cardinal.compare.Side> a = robot.lookup("#compareA").query();
        javafx.scene.control.ChoiceBox<dev.cardinal.compare.Side> b = robot.lookup("#compareB").query();
        assertEquals(4, a.getItems().size(), "the workspace's two layouts and HEAD's two");
        robot.interact(() -> {
            a.setValue(a.getItems().stream().filter(s -> "HEAD".equals(s.origin()) && s.layout().id().equals("ids-as-fields")).findFirst().orElseThrow());
            b.setValue(b.getItems().stream().filter(s -> s.origin() == null && s.layout().id().equals("ids-as-fields")).findFirst().orElseThrow());
        });
        robot.clickOn("#compareButton");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#compareStatus").queryAs(Label.class).getText().contains(" vs ")
            || robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("Cannot"));
        assertTrue(robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("ids-as-fields (HEAD) vs ids-as-fields over 20,000 points"),
            robot.lookup("#compareStatus").queryAs(Label.class).getText());
        dev.cardinal.ui.compare.MetricsGrid metrics = robot.lookup("#compareMetrics").queryAs(dev.cardinal.ui.compare.MetricsGrid.class);
        var series = metrics.rows().stream().filter(m -> m.name().equals("series")).findFirst().orElseThrow();
        assertEquals(5, series.metric().a(), "as committed: the ids are fields");
        assertEquals(Boolean.FALSE, series.better(), "the change indexes user_id");
        String details = robot.lookup("#compareDetails").queryTextInputControl().getText();
        assertTrue(details.contains("| user_id | field | tag |"), details);
        snap(robot, "compare-revision");

        robot.interact(() -> window.controller().compareWithLayoutsFrom(ws, "no-such-branch"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#compareStatus").queryAs(Label.class).getText().startsWith("Cannot"));
        assertTrue(robot.lookup("#compareStatus").queryAs(Label.class).getText().contains("no-such-branch"));
    }

    @Test
    void capturedTrafficJoinsTheProjectionLiveAndIsKeptAsASampleOnStop(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir);
        assertEquals("12,934", projected(robot, "series"));
        // the cards are built once the sample is shown, a moment after the numbers on a loaded machine
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#chip-ids-as-tags-user_id .chip-distinct").tryQuery().isPresent());
        javafx.scene.Node userChip = robot.lookup("#chip-ids-as-tags-user_id").query();
        assertTrue(robot.from(userChip).lookup(".chip-distinct").queryAs(Label.class).getText().equals("1,413"));
        robot.clickOn(robot.lookup(".tab-label").match((javafx.scene.control.Labeled l) -> l.getText().equals("Capture")).<javafx.scene.Node>query());
        robot.interact(() -> robot.lookup("#capturePort").queryTextInputControl().setText("0"));
        robot.clickOn("#captureToggle");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#captureStatus").queryAs(Label.class).getText().startsWith("Listening on"));
        String status = robot.lookup("#captureStatus").queryAs(Label.class).getText();
        java.net.URI url = java.net.URI.create(status.substring("Listening on ".length(), status.indexOf(' ', "Listening on ".length())).replaceAll(":$", ""));
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            body.append("listing_event,event=view,listing_id=L9").append(i).append(",user_id=new").append(i)
                .append(",device=desktop,session_id=s-new-").append(i).append(" page_url=\"/x\",count=1i ").append(1_767_571_200_000_000_000L + i).append('\n');
        }
        var response = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(url.resolve("/write?db=ads"))
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body.toString())).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(204, response.statusCode(), response.body());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> projected(robot, "series").equals("12,984"));
        // the cards take the new sample's numbers into the chips they have
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
            () -> robot.from(userChip).lookup(".chip-distinct").queryAs(Label.class).getText().equals("1,463"));
        assertSame(userChip, robot.lookup("#chip-ids-as-tags-user_id").query(), "the same chip, its numbers updated");
        assertEquals("20,050", projected(robot, "points"), "the sample and the 50 captured points");
        snap(robot, "capture");
        robot.clickOn("#captureToggle");
        // the edit lands on the FX thread: wait for all of it (the sample and the undo entry), not its first half
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.session().workspace().samples().size() == 2
            && window.session().history().undoTextProperty().get().startsWith("Undo: add sample"));
        WaitForAsyncUtils.waitForFxEvents();
        String kept = window.session().workspace().samples().get(1).path();
        assertTrue(kept.matches("captured-\\d{8}-\\d{6}\\.lp"), kept);
        assertEquals(50, Files.readAllLines(dir.resolve(kept)).size());
        assertEquals("Undo: add sample " + kept, window.session().history().undoTextProperty().get());
    }

    @Test
    void oneButtonPushesTheSelectedLayoutToAScratchInfluxdAndShowsProjectedBesideMeasured(FxRobot robot) throws Exception {
        InfluxdRequired.check();
        openAndWait(robot, Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"));
        TreeView<Object> tree = robot.lookup("#explorer").queryAs(TreeView.class);
        robot.interact(() -> tree.getSelectionModel().select(tree.getRoot().getChildren().get(1).getChildren().get(1)));
        // a pane's controls join the scene (and get their skins) when its tab is first shown, not at the start
        assertTrue(robot.lookup("#pushScratch").tryQuery().isEmpty(), "the Push pane is not in the scene before it is shown");
        robot.clickOn("Push");
        robot.clickOn("#pushScratch");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
            .matches(".*(holds what was projected|differ|failed).*"));
        WaitForAsyncUtils.waitForFxEvents();
        String summary = robot.lookup("#pushSummary").queryAs(Label.class).getText();
        assertTrue(summary.contains("the server holds what was projected"), summary);
        TableView<ComparisonRow> result = robot.lookup("#pushResult").queryTableView();
        var rows = result.getItems();
        assertEquals(20_000, rows.stream().filter(r -> r.what().equals("points written")).findFirst().orElseThrow().measured());
        assertTrue(rows.stream().anyMatch(r -> r.what().equals("values of tag event") && r.measured() == 5), rows.toString());
        assertTrue(rows.stream().noneMatch(ComparisonRow::differs), rows.toString());
        snap(robot, "push-to-scratch");
    }

    @Test
    void listsBadLinesOfTheSampleWithFileAndLine(FxRobot robot, @TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.lp"), "m,t=a f=1 1\nm,t=b f= 2\nm,t=c f=3 3\n");
        Path ws = dir.resolve("w.cardinal.json");
        Main.run("infer", dir.resolve("t.lp").toString(), "-o", ws.toString());
        openAndWait(robot, ws);
        ListView<String> problems = robot.lookup("#problems").queryListView();
        assertEquals(1, problems.getItems().size());
        assertEquals(dir.resolve("t.lp") + ":2:9: missing field value", problems.getItems().get(0));
        assertEquals("2 points read from 1 file, 1 bad line", robot.lookup("#status").queryAs(Label.class).getText());

        // more traffic added to the open workspace (File → Add Sample Traffic, or dropped on the window)
        Path more = Files.writeString(dir.resolve("u.lp"), "m,t=d f=4 4\nm,t=e f=\"x\" 5\nm t=f 6\n");
        robot.interact(() -> window.controller().addSamples(List.of(more)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#status").queryAs(Label.class).getText().contains("from 2 files"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("4 points read from 2 files, 2 bad lines", robot.lookup("#status").queryAs(Label.class).getText());
        assertTrue(problems.getItems().get(problems.getItems().size() - 1).startsWith(more + ":2:7: field type conflict"), problems.getItems().toString());
        assertTrue(robot.window(0).getScene().getWindow() instanceof Stage s && s.getTitle().endsWith(" *"));
    }

    @Test
    void aBrokenWorkspaceSaysWhereAndTheWindowKeepsWorking(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = Files.writeString(dir.resolve("b.cardinal.json"), "{\"formatVersion\": 1, \"layouts\": [{\"id\": \"x\"}]}");
        openAndWait(robot, ws);
        ListView<String> problems = robot.lookup("#problems").queryListView();
        assertEquals("Cannot open b.cardinal.json: the file has problems", problems.getItems().get(0));
        assertEquals("  layouts[0].eventKind: missing (expected a string) (line 1)", problems.getItems().get(1));
        openAndWait(robot, Path.of("sample-data/weather/weather.cardinal.json"));
        robot.clickOn("Attributes");
        assertEquals(4, robot.lookup("#attributes").queryTableView().getItems().size());
    }
}

package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.opensearch.OpenSearchNode;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.ui.compare.MetricsGrid;
import dev.cardinal.ui.compare.ReviewRows;
import dev.cardinal.ui.projection.ProjectionRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A workspace with an OpenSearch target: the Projection panel projects for it at once and shows the mapping each
 * layout builds in the index (the numbers {@link LayoutDocuments} gives over the same rows, which a real node reports:
 * LayoutMappingNodeTest), each card shows its mapping, and Compare puts the dynamic layout beside the slots.
 */
class DocumentTargetTest extends WorkbenchFixture {
    private static final long LIMIT = 300;

    private static OpenSearchNode node;

    @BeforeAll
    static void startNode() throws Exception {
        node = OpenSearchNode.start();
    }

    @AfterAll
    static void stopNode() throws Exception {
        node.close();
    }

    private Path openWithTarget(FxRobot robot, Path dir) throws Exception {
        Path ws = dev.cardinal.opensearch.CustomMetricsWorkspace.write(dir, node.uri(), "metrics", LIMIT);
        openAndWait(robot, ws);
        waitOnFx(60, () -> !robot.lookup("#projectionStatus").queryAs(Label.class).getText().startsWith("Recomputing")
            && !nowOf(robot, "mapping fields").isEmpty());
        return ws;
    }

    private static String nowOf(FxRobot robot, String what) {
        TableView<ProjectionRows.Row> table = robot.lookup("#projection").queryTableView();
        return table.getItems().stream().filter(r -> r.what().equals(what)).findFirst().map(ProjectionRows.Row::now).orElse("");
    }

    private static MappingProjection expected(Path ws, String layoutId) throws Exception {
        Workspace w = WorkspaceReader.read(Files.readAllBytes(ws), ws.toString()).workspace();
        Layout layout = w.layout(layoutId).orElseThrow();
        EventKindSample rows = SampleReader.read(SampleReader.sources(ws, w), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKind(layout.eventKind()).orElseThrow();
        return LayoutDocuments.project(layout, new SampleIndex(rows), LIMIT);
    }

    @Test
    void theTargetsMappingIsShownOnThePanelTheCardsAndInCompare(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openWithTarget(robot, dir);
        ChoiceBox<?> server = robot.lookup("#server").queryAs(ChoiceBox.class);
        assertTrue(server.getValue().toString().startsWith("search: OpenSearch index metrics, 300 fields"),
            "the workspace's own target is chosen: " + server.getValue());

        MappingProjection dynamic = expected(ws, "metric-names-as-field-keys");
        assertTrue(dynamic.limitReachedInSample(), "the dynamic layout reaches 300 fields within the sample");
        assertEquals(Quantities.count(dynamic.fields()), nowOf(robot, "mapping fields"));
        assertEquals("", nowOf(robot, "mapping fields, strict template"), "keys that carry data have no strict mapping to count");
        assertEquals(Quantities.count(dynamic.refused().values().stream().mapToLong(Long::longValue).sum()),
            nowOf(robot, "documents refused"));
        TableView<ProjectionRows.LimitRow> limits = robot.lookup("#limits").queryTableView();
        assertEquals(1, limits.getItems().size(), "one limit: the index's total fields");
        ProjectionRows.LimitRow limit = limits.getItems().get(0);
        assertEquals("total fields 300", limit.limit());
        assertTrue(limit.breaks().startsWith("already ("), limit.breaks());
        assertTrue(limit.detail().startsWith("index.mapping.total_fields.limit 300, reached in the sample at document "
            + Quantities.count(dynamic.firstLimitRefusal().document())), limit.detail());
        // at 1280x800 the limit and when it breaks are shown whole (issue 34: "index.mapping.total_fields.limit 3...")
        FirstHourTest.assertShownWhole(robot, "#limits .table-cell");
        assertTrue(limit.alarm());
        assertFalse(robot.lookup(".series-chart").tryQuery().map(Node::isVisible).orElse(false), "no series chart for an index");

        // every card shows its layout's mapping; the slots never reach the limit
        MappingProjection slots = expected(ws, "fixed-slots");
        waitOnFx(30, () -> robot.lookup("#mapping-fixed-slots").queryAs(Label.class).isVisible());
        String dynamicCard = robot.lookup("#mapping-metric-names-as-field-keys").queryAs(Label.class).getText();
        String slotCard = robot.lookup("#mapping-fixed-slots").queryAs(Label.class).getText();
        assertTrue(dynamicCard.startsWith("Index mapping: " + Quantities.count(dynamic.fields()) + " fields of 300"), dynamicCard);
        assertTrue(slotCard.startsWith("Index mapping: " + Quantities.count(slots.fields()) + " fields of 300"), slotCard);
        assertTrue(slotCard.contains("never: the keys allow at most") && slotCard.contains("slots: at most 50 per tenant, one per metric"),
            slotCard);
        assertTrue(slotCard.contains("\nstrict template: 52 fields, whatever the traffic\n"), slotCard);
        assertFalse(dynamicCard.contains("strict template"), "keys that carry data have no strict template: " + dynamicCard);
        assertEquals("@timestamp", robot.lookup("#time-fixed-slots").queryAs(Label.class).getText());
        snap(robot, "document-target-projection");

        // Compare: the dynamic mapping beside the slots, on the same rows
        robot.clickOn(robot.lookup(".tab-label").match((Labeled l) -> l.getText().equals("Compare")).<Node>query());
        robot.clickOn("#compareButton");
        MetricsGrid grid = robot.lookup("#compareMetrics").queryAs(MetricsGrid.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !grid.rows().isEmpty());
        List<ReviewRows> rows = grid.rows();
        assertEquals("index mapping fields", rows.get(0).name());
        assertEquals(Quantities.count(dynamic.fields()), rows.get(0).a());
        assertEquals(Quantities.count(slots.fields()), rows.get(0).b());
        assertEquals(Boolean.TRUE, rows.get(0).better(), "fewer fields is better");
        assertEquals("time to index.mapping.total_fields.limit 300", rows.get(1).name());
        assertEquals(dynamic.whenLimitRefuses(), rows.get(1).a());
        assertEquals(slots.whenLimitRefuses(), rows.get(1).b());
        Label first = (Label) robot.lookup(".verdict-line").queryAll().iterator().next();
        assertTrue(first.getText().startsWith("In an index with index.mapping.total_fields.limit 300: metric-names-as-field-keys makes "
            + Quantities.count(dynamic.fields()) + " fields and first refuses document"), first.getText());
        snap(robot, "document-target-compare");
    }

    @Test
    void pushWritesTheLayoutsDocumentsToANewIndexAndTheNodeReportsTheProjectedMapping(FxRobot robot, @TempDir Path dir)
        throws Exception {
        Path ws = openWithTarget(robot, dir);
        robot.clickOn("Push");
        assertEquals("OpenSearch", robot.lookup("#targetKind").queryAs(ChoiceBox.class).getConverter()
            .toString(robot.lookup("#targetKind").queryAs(ChoiceBox.class).getValue()));
        assertEquals(node.uri().toString(), robot.lookup("#targetUrl").queryTextInputControl().getText());
        assertEquals("metrics", robot.lookup("#targetDatabase").queryTextInputControl().getText(), "the target's index");
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled()
            || robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Plan failed"));
        String plan = robot.lookup("#planText").queryTextInputControl().getText();
        assertTrue(plan.startsWith("layout metric-names-as-field-keys has no fixed mapping: the field key {metric} carries data")
            && plan.contains("\nPUT /metrics\n") && plan.contains("\"index.mapping.total_fields.limit\": 300")
            && plan.contains("POST /metrics/_bulk") && plan.contains("20,000 documents"), plan);
        robot.clickOn("#applyTarget");
        // 20,000 documents through the node's _bulk: minutes when other builds load this machine
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
            .matches(".*(as projected|failed).*"));
        String summary = robot.lookup("#pushSummary").queryAs(Label.class).getText();
        assertTrue(summary.contains("mapping fields, as projected"), summary);
        TableView<ComparisonRow> result = robot.lookup("#pushResult").queryTableView();
        MappingProjection dynamic = expected(ws, "metric-names-as-field-keys");
        assertEquals(dynamic.fields(), result.getItems().get(0).measured(), "the node's own mapping");
        assertTrue(result.getItems().stream().noneMatch(ComparisonRow::differs), result.getItems().toString());
        assertTrue(result.getItems().get(2).measured() > 0, "the node refused documents at the limit: " + result.getItems());
        snap(robot, "document-target-push");

        // the index exists now: a second plan says so and offers nothing to apply
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
            .startsWith("Plan failed"));
        assertTrue(robot.lookup("#pushSummary").queryAs(Label.class).getText().contains("the index 'metrics' exists"));
        assertTrue(robot.lookup("#applyTarget").query().isDisabled());
    }

    @Test
    void anApplyShowsItsProgressAndCancelStopsItsWrites(FxRobot robot, @TempDir Path dir) throws Exception {
        openWithTarget(robot, dir);
        robot.clickOn("Push");
        robot.interact(() -> robot.lookup("#targetDatabase").queryTextInputControl().setText("stopped"));
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled()
            || robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Plan failed"));
        assertFalse(robot.lookup("#applyTarget").query().isDisabled(), robot.lookup("#pushSummary").queryAs(Label.class).getText());
        robot.clickOn("#applyTarget");
        // the write of 20,000 documents shows its progress and Cancel (issue 34)
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
            .matches("Writing the sample: [1-9].*"));
        assertTrue(robot.lookup("#pushProgress").query().isVisible() && robot.lookup("#pushCancel").query().isVisible());
        robot.clickOn("#pushCancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Stopped: "));
        assertTrue(!robot.lookup("#pushProgress").query().isVisible() && !robot.lookup("#pushCancel").query().isVisible());
        assertTrue(robot.lookup("#pushResult").queryTableView().getItems().isEmpty(), "no comparison of a write cut short");
        // the write stopped: once the batch in flight is in, no more arrive, and the index has fewer than the sample's
        long[] counts = {-1, documents("stopped")};
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> {
            Thread.sleep(1500);
            counts[0] = counts[1];
            counts[1] = documents("stopped");
            return counts[0] == counts[1];
        });
        assertTrue(counts[1] < 20_000, counts[1] + " documents");
    }

    /** The documents index {@code index} of the node holds, refreshed first. */
    private static long documents(String index) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        http.send(java.net.http.HttpRequest.newBuilder(node.uri().resolve("/" + index + "/_refresh"))
            .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(), java.net.http.HttpResponse.BodyHandlers.discarding());
        String body = http.send(java.net.http.HttpRequest.newBuilder(node.uri().resolve("/" + index + "/_count")).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).get("count").asLong();
    }

    @Test
    void aLayoutWithAFixedMappingIsPlannedAndAppliedAsTheCommandLineDoesAndWrittenUnderItsStrictMapping(FxRobot robot,
        @TempDir Path dir) throws Exception {
        Path ws = openWithTarget(robot, dir);
        robot.interact(() -> window.session().select(window.session().workspace().layout("fixed-slots")
            .orElseThrow()));
        waitOnFx(60, () -> !nowOf(robot, "mapping fields, strict template").isEmpty());
        String strictRow = nowOf(robot, "mapping fields, strict template");
        robot.clickOn("Push");
        robot.interact(() -> robot.lookup("#targetDatabase").queryTextInputControl().setText("slots"));
        robot.clickOn("#planTarget");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled()
            || robot.lookup("#pushSummary").queryAs(Label.class).getText().startsWith("Plan failed"));
        String plan = robot.lookup("#planText").queryTextInputControl().getText();
        assertTrue(plan.startsWith("plan for " + node.uri()) && plan.contains("create    index slots")
            && plan.contains("PUT /_index_template/") && plan.contains("\"dynamic\":\"strict\"")
            && plan.contains("then: the 20,000 documents of layout fixed-slots"), plan);
        MappingProjection slots = expected(ws, "fixed-slots");
        for (int round = 1; round <= 2; round++) {
            robot.clickOn("#applyTarget");
            WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> robot.lookup("#pushSummary").queryAs(Label.class).getText()
                .matches(".*(as projected|failed|not written).*"));
            String summary = robot.lookup("#pushSummary").queryAs(Label.class).getText();
            assertTrue(summary.contains("mapping fields, as projected"), round + ": " + summary);
            TableView<ComparisonRow> result = robot.lookup("#pushResult").queryTableView();
            assertEquals(52, result.getItems().get(0).measured(), "the strict mapping: @timestamp, tenant, 50 slots, whatever the"
                + " sample uses (" + slots.fields() + " under dynamic mapping): " + result.getItems());
            assertEquals(20_000, result.getItems().get(1).measured(), "every row a document, once: " + result.getItems());
            assertEquals(0, result.getItems().get(2).measured(), "none refused: " + result.getItems());
            assertTrue(result.getItems().stream().noneMatch(ComparisonRow::differs), result.getItems().toString());
            assertEquals(Quantities.count(result.getItems().get(0).measured()), strictRow,
                "the Projection panel's strict-template row is what the node reports once the template is applied");
            if (round == 1) {
                snap(robot, "document-target-push-strict");
                // planned again on the same index: nothing to change, and Apply writes the same documents again
                robot.clickOn("#planTarget");
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.lookup("#applyTarget").query().isDisabled());
                String again = robot.lookup("#planText").queryTextInputControl().getText();
                assertTrue(again.contains("nothing to do"), again);
            }
        }
    }

    @Test
    void aTargetOfAChosenKindIsAddedFromTheEditMenuAndUndone(FxRobot robot, @TempDir Path dir) throws Exception {
        Path ws = openCopy(robot, dir, "custom-metrics", "metrics.cardinal.json");
        robot.clickOn("Edit").clickOn("Add Target…");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            robot.lookup("#targetDialogKind").queryAs(ChoiceBox.class).getSelectionModel().select(dev.cardinal.model.Target.Kind.OPENSEARCH);
            robot.lookup("#targetDialogName").queryTextInputControl().setText("Search cluster");
            robot.lookup("#targetDialogUrl").queryTextInputControl().setText("http://elastic:changeme@search:9200");
            robot.lookup("#targetDialogDatabase").queryTextInputControl().setText("metrics");
            robot.lookup("#targetDialogTotalFields").queryTextInputControl().setText("300");
        });
        robot.clickOn("Add");
        assertTrue(robot.lookup("#targetDialogProblem").queryAs(Label.class).getText().contains("carries credentials"),
            "a URL with a password is refused and the dialog stays open");
        robot.interact(() -> robot.lookup("#targetDialogUrl").queryTextInputControl().setText("http://search:9200"));
        robot.clickOn("Add");
        WaitForAsyncUtils.waitForFxEvents();
        dev.cardinal.model.Target added = window.session().workspace().targets().get(0);
        assertEquals(new dev.cardinal.model.Target("search-cluster", "Search cluster", dev.cardinal.model.Target.Kind.OPENSEARCH,
            "http://search:9200", "metrics", null, null, new dev.cardinal.model.ServerLimits(null, null, null, 300L)), added);
        assertEquals(3, window.session().workspace().formatVersion(), "saved as format 3");

        ChoiceBox<Object> server = robot.lookup("#server").queryAs(ChoiceBox.class);
        Object offered = server.getItems().get(0);
        assertTrue(offered.toString().startsWith("Search cluster: OpenSearch index metrics, 300 fields"), offered.toString());
        assertEquals(offered, server.getValue(), "the target just added is chosen");
        waitOnFx(60, () -> !robot.lookup("#projectionStatus").queryAs(Label.class).getText().startsWith("Recomputing")
            && !nowOf(robot, "mapping fields").isEmpty());
        assertEquals(Quantities.count(expected(ws, "metric-names-as-field-keys").fields()), nowOf(robot, "mapping fields"));

        robot.interact(() -> window.session().history().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.session().workspace().targets().isEmpty(), "undone");
        assertFalse(server.getItems().get(0).toString().contains(": OpenSearch index"), "no longer offered");
    }
}

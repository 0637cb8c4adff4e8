package dev.cardinal.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

/** An edit updates the explorer's tree in place: what the user expanded stays expanded. */
class ExplorerReconcileTest {
    private static TreeItem<Object> item(String label, String... children) {
        TreeItem<Object> t = new TreeItem<>(new ExplorerController.Node(label, null));
        for (String c : children) {
            t.getChildren().add(new TreeItem<>(new ExplorerController.Node(c, null)));
        }
        return t;
    }

    private static List<String> labels(TreeItem<Object> t) {
        return t.getChildren().stream().map(c -> c.getValue().toString()).toList();
    }

    @Test
    void labelsFollowTheEditAndExpandedItemsStayExpanded() {
        TreeItem<Object> shown = item("ads");
        TreeItem<Object> layout = item("ids-as-tags", "measurement listing_event", "tag user_id", "field count");
        layout.setExpanded(true);
        TreeItem<Object> other = item("ids-as-fields", "field user_id");
        shown.getChildren().addAll(List.of(layout, other));

        TreeItem<Object> fresh = item("ads");
        fresh.getChildren().addAll(List.of(item("ids-as-tags", "measurement listing_event", "field count", "field user_id"),
            item("ids-as-fields", "field user_id"), item("new layout")));

        ExplorerController.reconcile(shown, fresh);
        assertSame(layout, shown.getChildren().get(0), "the same item, so its cell and state stay");
        assertTrue(layout.isExpanded(), "still expanded after the edit");
        assertEquals(List.of("measurement listing_event", "field count", "field user_id"), labels(layout));
        assertEquals(List.of("ids-as-tags", "ids-as-fields", "new layout"), labels(shown));

        TreeItem<Object> fewer = item("ads");
        fewer.getChildren().add(item("ids-as-tags", "measurement listing_event"));
        ExplorerController.reconcile(shown, fewer);
        assertEquals(List.of("ids-as-tags"), labels(shown));
        assertEquals(List.of("measurement listing_event"), labels(layout));
        assertFalse(shown.getChildren().contains(other));
    }
}

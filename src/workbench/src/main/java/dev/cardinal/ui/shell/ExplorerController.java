package dev.cardinal.ui.shell;

import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/** The workspace explorer: event kinds, layouts, samples, rollups and targets; selecting a layout selects it everywhere. */
public final class ExplorerController {
    private final WorkspaceSession session;
    @FXML
    private TreeView<Object> explorer;

    public ExplorerController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        session.history().currentProperty().addListener((o, was, now) -> {
            show(now);
            follow(session.state().state().layout()); // the layout selected with the workspace, once its tree is there
        });
        explorer.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            // by id: the item may still hold the layout as it was before the edit being shown
            if (now != null && now.getValue() instanceof Node n && n.payload() instanceof Layout l) {
                session.select(l.id());
            }
        });
        // the tree follows the layout selected anywhere (a card on the canvas, the Compare tab)
        session.state().map(dev.cardinal.ui.session.SessionState::layout).addListener((o, was, now) -> follow(now));
        explorer.setContextMenu(menu());
        explorer.setCellFactory(t -> dev.cardinal.ui.common.Cells.treeTextWithTooltip());
    }

    /** Selects the tree's item of {@code layout}, unless it is selected already. */
    private void follow(Layout layout) {
        TreeItem<Object> selected = explorer.getSelectionModel().getSelectedItem();
        if (layout == null || selected != null && selected.getValue() instanceof Node n && n.payload() instanceof Layout l
            && l.id().equals(layout.id())) {
            return;
        }
        TreeItem<Object> root = explorer.getRoot();
        if (root == null) {
            return;
        }
        for (TreeItem<Object> group : root.getChildren()) {
            for (TreeItem<Object> item : group.getChildren()) {
                if (item.getValue() instanceof Node n && n.payload() instanceof Layout l && l.id().equals(layout.id())) {
                    explorer.getSelectionModel().select(item);
                    return;
                }
            }
        }
    }

    /**
     * The menu of the item right-clicked: a layout's (rename, duplicate, delete), a sample's (unbind it, to bind a
     * traffic summary of its event kind in its place, for one); only what applies to it is shown.
     */
    private javafx.scene.control.ContextMenu menu() {
        javafx.scene.control.MenuItem rename = new javafx.scene.control.MenuItem("Rename Layout…");
        rename.setOnAction(e -> selectedLayout().ifPresent(l -> dev.cardinal.ui.common.Dialogs.ask(explorer, "Rename layout",
            "New name for " + l.name(), l.name()).ifPresent(name -> session.edits().renameLayout(l.id(), name))));
        javafx.scene.control.MenuItem duplicate = new javafx.scene.control.MenuItem("Duplicate Layout");
        duplicate.setOnAction(e -> selectedLayout().ifPresent(l -> session.edits().duplicateLayout(l.id())));
        javafx.scene.control.MenuItem delete = new javafx.scene.control.MenuItem("Delete Layout");
        delete.setOnAction(e -> selectedLayout().ifPresent(l -> {
            String refused = session.edits().deleteLayout(l.id());
            if (refused != null) {
                session.showStatus("Cannot delete " + l.name() + ": " + refused);
            }
        }));
        javafx.scene.control.MenuItem remove = new javafx.scene.control.MenuItem("Remove Sample");
        remove.setId("removeSample");
        remove.setOnAction(e -> selectedSample().ifPresent(b -> session.edits().removeSample(b.id())));
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(rename, duplicate, delete, remove);
        menu.setOnShowing(e -> {
            boolean layout = selectedLayout().isPresent();
            boolean sample = selectedSample().isPresent();
            List.of(rename, duplicate, delete).forEach(i -> i.setVisible(layout));
            remove.setVisible(sample);
            if (!layout && !sample) {
                menu.hide();
            }
        });
        return menu;
    }

    private java.util.Optional<Layout> selectedLayout() {
        TreeItem<Object> item = explorer.getSelectionModel().getSelectedItem();
        return item != null && item.getValue() instanceof Node n && n.payload() instanceof Layout l
            ? java.util.Optional.of(l) : java.util.Optional.empty();
    }

    private java.util.Optional<SampleBinding> selectedSample() {
        TreeItem<Object> item = explorer.getSelectionModel().getSelectedItem();
        return item != null && item.getValue() instanceof Node n && n.payload() instanceof SampleBinding b
            ? java.util.Optional.of(b) : java.util.Optional.empty();
    }

    /**
     * Shows {@code ws}: a new workspace gets a new tree; an edit updates the tree in place, so what the user expanded
     * stays expanded and unchanged rows keep their cells.
     */
    private void show(Workspace ws) {
        TreeItem<Object> fresh = ws == null ? null : tree(ws);
        TreeItem<Object> root = explorer.getRoot();
        if (fresh == null || root == null || !(root.getValue() instanceof Node n) || !(n.payload() instanceof Workspace was)
            || !was.name().equals(ws.name())) {
            explorer.setRoot(fresh);
        } else {
            reconcile(root, fresh);
        }
    }

    /** Makes {@code shown} show what {@code fresh} does, keeping its items (and their expanded state) where they line up. */
    static void reconcile(TreeItem<Object> shown, TreeItem<Object> fresh) {
        if (!java.util.Objects.equals(shown.getValue(), fresh.getValue())) {
            shown.setValue(fresh.getValue());
        }
        var have = shown.getChildren();
        var want = fresh.getChildren();
        int common = Math.min(have.size(), want.size());
        for (int i = 0; i < common; i++) {
            reconcile(have.get(i), want.get(i));
        }
        if (have.size() > want.size()) {
            have.remove(want.size(), have.size());
        } else if (want.size() > common) {
            have.addAll(List.copyOf(want.subList(common, want.size())));
        }
    }

    /** A tree node: what it shows and what it stands for. */
    record Node(String label, Object payload) {
        @Override
        public String toString() {
            return label;
        }
    }

    private static TreeItem<Object> item(String label, Object payload) {
        TreeItem<Object> t = new TreeItem<>(new Node(label, payload));
        t.setExpanded(true);
        return t;
    }

    private static TreeItem<Object> tree(Workspace ws) {
        TreeItem<Object> root = item(ws.name(), ws);
        TreeItem<Object> kinds = item("Event kinds", null);
        for (EventKind k : ws.eventKinds()) {
            TreeItem<Object> kind = item(k.name(), k);
            k.attributes().forEach(a -> kind.getChildren().add(item(a.name() + " : " + a.type().id(), a)));
            kind.setExpanded(false);
            kinds.getChildren().add(kind);
        }
        TreeItem<Object> layouts = item("Layouts", null);
        for (Layout l : ws.layouts()) {
            TreeItem<Object> layout = item(l.name() + "  (" + l.eventKind() + ")", l);
            layout.getChildren().add(item("measurement " + l.measurement().pattern(), null));
            for (TagSpec t : l.tags()) {
                layout.getChildren().add(item("tag " + (t.isPlain() ? t.key() : t.key() + " = " + t.value().pattern()), null));
            }
            for (FieldSpec f : l.fields()) {
                layout.getChildren().add(item("field " + (f.isPlain() ? f.attribute() : f.key().pattern() + " = " + f.attribute()), null));
            }
            layout.getChildren().add(item("retention " + l.retention().name() + " " + Durations.format(l.retention().duration())
                + ", shard groups " + Durations.format(l.retention().effectiveShardGroupDuration()), null));
            layout.setExpanded(false);
            layouts.getChildren().add(layout);
        }
        TreeItem<Object> samples = item("Samples", null);
        for (SampleBinding s : ws.samples()) {
            samples.getChildren().add(item(s.path() + "  (" + s.format().id() + ")", s));
        }
        TreeItem<Object> rollups = item("Rollups", null);
        for (Rollup r : ws.rollups()) {
            rollups.getChildren().add(item(r.name() + "  → " + r.destination().name() + " every " + Durations.format(r.window()), r));
        }
        TreeItem<Object> targets = item("Targets", null);
        for (Target t : ws.targets()) {
            targets.getChildren().add(item(t.name() + "  " + t.url(), t));
        }
        root.getChildren().addAll(List.of(kinds, layouts, samples, rollups, targets));
        return root;
    }
}

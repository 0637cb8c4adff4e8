package dev.cardinal.ui.workspace;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.FileProblem;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.SampleAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The view model of the workbench window: the open workspace and its sample, the selected layout, and what the
 * attribute table, problems list and title show. Plain JavaFX properties, testable without starting the toolkit.
 */
public final class WorkspaceSession {
    private final ReadOnlyObjectWrapper<WorkspaceOpener.Opened> opened = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<Layout> selectedLayout = new SimpleObjectProperty<>();
    private final ObservableList<AttributeRow> attributes = FXCollections.observableArrayList();
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Cardinal");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("No workspace open");

    public WorkspaceSession() {
        selectedLayout.addListener((o, was, now) -> refreshAttributes());
    }

    public ReadOnlyObjectProperty<WorkspaceOpener.Opened> openedProperty() {
        return opened.getReadOnlyProperty();
    }

    public ObjectProperty<Layout> selectedLayoutProperty() {
        return selectedLayout;
    }

    public ObservableList<AttributeRow> attributes() {
        return attributes;
    }

    public ObservableList<String> problems() {
        return problems;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Shows a workspace that was opened. */
    public void show(WorkspaceOpener.Opened result) {
        opened.set(result);
        title.set("Cardinal — " + result.workspace().name() + " (" + result.file().getFileName() + ")");
        List<String> lines = new ArrayList<>();
        for (FileProblem w : result.warnings()) {
            lines.add("warning: " + result.file().getFileName() + ": " + w);
        }
        ReadReport r = result.sample().report();
        for (ReadProblem p : r.problems()) {
            lines.add(p.toString());
        }
        if (r.problemsOmitted() > 0) {
            lines.add(String.format(Locale.ROOT, "... and %,d more problems", r.problemsOmitted()));
        }
        problems.setAll(lines);
        summary.set(String.format(Locale.ROOT, "%,d points read from %d file%s, %,d bad lines", r.points(), r.files(),
            r.files() == 1 ? "" : "s", r.badLines()));
        selectedLayout.set(null);
        result.workspace().layouts().stream().findFirst().ifPresent(selectedLayout::set);
        refreshAttributes();
    }

    /** Shows why a workspace could not be opened; the previous workspace (if any) stays open. */
    public void showFailure(String what, List<String> reasons) {
        List<String> lines = new ArrayList<>();
        lines.add(what);
        reasons.forEach(r -> lines.add("  " + r));
        problems.setAll(lines);
        summary.set(what);
    }

    public Optional<EventKind> selectedEventKind() {
        WorkspaceOpener.Opened o = opened.get();
        Layout l = selectedLayout.get();
        if (o == null || l == null) {
            return Optional.empty();
        }
        return o.workspace().eventKind(l.eventKind());
    }

    private void refreshAttributes() {
        Optional<EventKind> kind = selectedEventKind();
        if (kind.isEmpty()) {
            attributes.clear();
            return;
        }
        Layout layout = selectedLayout.get();
        Optional<EventKindSample> sample = opened.get().sample().eventKind(kind.get().name());
        List<AttributeRow> rows = new ArrayList<>();
        for (Attribute a : kind.get().attributes()) {
            Role role = layout.roleOf(a.name());
            String arrived = "";
            long distinct = -1;
            if (sample.isPresent()) {
                int i = sample.get().attributeIndex(a.name());
                if (i >= 0) {
                    SampleAttribute sa = sample.get().attributes().get(i);
                    arrived = sa.arrivedAsTag() ? "tag" : "field";
                    distinct = sample.get().column(i).distinct();
                }
            }
            rows.add(new AttributeRow(a.name(), a.type().id(), arrived, role.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                distinct));
        }
        attributes.setAll(rows);
    }
}

package dev.cardinal.ui.compare;

import dev.cardinal.compare.Revisions;
import dev.cardinal.compare.Side;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.scene.control.ChoiceBox;
import javafx.util.StringConverter;

/**
 * The two layouts the Compare tab reviews, A and B: the workspace's own and those read from another workspace file
 * or a git revision of this one, offered again whenever the workspace changes, each choice kept while its layout is
 * still there.
 */
final class CompareSides {
    private final WorkspaceSession session;
    private final Executor executor;
    private final ChoiceBox<Side> layoutA;
    private final ChoiceBox<Side> layoutB;
    private final Consumer<String> status;
    /** Layouts read from other workspace files or git revisions, offered beside the workspace's own. */
    private final List<Side> elsewhere = new ArrayList<>();

    /** @param status where what happened is said (the Compare tab's status line) */
    CompareSides(WorkspaceSession session, Executor executor, ChoiceBox<Side> layoutA, ChoiceBox<Side> layoutB,
                 Consumer<String> status) {
        this.session = session;
        this.executor = executor;
        this.layoutA = layoutA;
        this.layoutB = layoutB;
        this.status = status;
        StringConverter<Side> names = new StringConverter<>() {
            @Override
            public String toString(Side s) {
                // the event kind only when there is a choice of them
                Workspace ws = session.workspace();
                boolean severalKinds = ws != null && ws.eventKinds().size() > 1;
                return s == null ? "" : severalKinds ? s.label() + " (" + s.layout().eventKind() + ")" : s.label();
            }

            @Override
            public Side fromString(String s) {
                return null;
            }
        };
        layoutA.setConverter(names);
        layoutB.setConverter(names);
        session.history().currentProperty().addListener((o, was, ws) -> offer(ws));
    }

    Side a() {
        return layoutA.getValue();
    }

    Side b() {
        return layoutB.getValue();
    }

    /** Chooses the workspace's layouts {@code layoutIdA} and {@code layoutIdB} as A and B. */
    void choose(String layoutIdA, String layoutIdB) {
        layoutA.getItems().stream().filter(x -> x.origin() == null && x.layout().id().equals(layoutIdA)).findFirst()
            .ifPresent(layoutA::setValue);
        layoutB.getItems().stream().filter(x -> x.origin() == null && x.layout().id().equals(layoutIdB)).findFirst()
            .ifPresent(layoutB::setValue);
    }

    /**
     * Offers the workspace's layouts and those read from elsewhere; A is the selected layout, B another of its event
     * kind.
     */
    private void offer(Workspace ws) {
        Side keepA = layoutA.getValue();
        Side keepB = layoutB.getValue();
        List<Side> sides = new ArrayList<>();
        if (ws != null) {
            ws.layouts().forEach(l -> sides.add(Side.of(ws, l)));
        }
        sides.addAll(elsewhere);
        layoutA.getItems().setAll(sides);
        layoutB.getItems().setAll(sides);
        if (sides.isEmpty()) {
            return;
        }
        Side a = keep(sides, keepA);
        if (a == null) {
            Layout selected = session.selectedLayoutProperty().get();
            a = sides.stream().filter(s -> selected != null && s.origin() == null && s.layout().id().equals(selected.id())).findFirst()
                .orElse(sides.get(0));
        }
        Side first = a;
        Side b = keep(sides, keepB);
        if (b == null) {
            b = sides.stream().filter(s -> s != first && s.layout().eventKind().equals(first.layout().eventKind())).findFirst().orElse(first);
        }
        layoutA.setValue(a);
        layoutB.setValue(b);
    }

    /** The offered side that stands for {@code kept} after the workspace changed: same origin, same layout id. */
    private static Side keep(List<Side> sides, Side kept) {
        if (kept == null) {
            return null;
        }
        return sides.stream().filter(s -> Objects.equals(s.origin(), kept.origin()) && s.layout().id().equals(kept.layout().id()))
            .findFirst().orElse(null);
    }

    /**
     * Reads the layouts of {@code file} (as it was at git {@code revision} when not null) in the background and offers
     * them; the first of the current A's event kind becomes B.
     */
    void addLayoutsFrom(Path file, String revision) {
        status.accept("Reading " + file.getFileName() + (revision == null ? "" : " at " + revision) + "…");
        Tasks.<List<Side>>create(p -> {
            Workspace ws = revision == null ? WorkspaceFiles.load(file).workspace() : Revisions.workspaceAt(file, revision).workspace();
            String origin = Side.origin(file, revision, session.file());
            return ws.layouts().stream().map(l -> new Side(ws, l, origin)).toList();
        })
            .onSuccess(read -> {
                elsewhere.removeIf(s -> read.stream().anyMatch(r -> r.origin().equals(s.origin())));
                elsewhere.addAll(read);
                offer(session.workspace());
                Side a = layoutA.getValue();
                read.stream().filter(s -> a == null || s.layout().eventKind().equals(a.layout().eventKind())).findFirst()
                    .ifPresent(layoutB::setValue);
                status.accept(read.size() + " layouts from " + read.get(0).origin() + " to compare with.");
            })
            .onError(e -> status.accept("Cannot read layouts from " + file.getFileName() + (revision == null ? "" : " at " + revision)
                + ": " + e.getMessage()))
            .runOn(executor);
    }
}

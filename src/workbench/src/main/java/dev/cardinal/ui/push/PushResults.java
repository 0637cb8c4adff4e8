package dev.cardinal.ui.push;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.model.Layout;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.common.TaskProgress;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.SessionState;
import dev.cardinal.ui.session.WorkspaceSession;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

/**
 * What the Push tab shows of a push or an apply: the summary line, the progress with Cancel while one runs, and
 * projected beside measured. Results show only while they are of the session's current layout, as it was pushed, and
 * of the traffic that was written: projected and measured of other traffic are not this traffic's numbers.
 */
final class PushResults {
    private static final Logger LOG = Logger.getLogger(PushResults.class.getName());
    private static final PseudoClass DIFFERS = PseudoClass.getPseudoClass("differs");

    private final WorkspaceSession session;
    private final Executor executor;
    private final Label summary;
    private final TableView<ComparisonRow> table;
    private final TaskProgress progress;
    /** What the summary says when nothing was pushed. */
    private final String idle;
    /** The session's state the shown results are of (the layout pushed, the traffic written), or null when none are shown. */
    private SessionState pushed;

    PushResults(WorkspaceSession session, Executor executor, Label summary, ProgressBar bar, Button cancel,
                TableView<ComparisonRow> table, Columns columns) {
        this.session = session;
        this.executor = executor;
        this.summary = summary;
        this.table = table;
        this.progress = new TaskProgress(bar, cancel);
        this.idle = summary.getText();
        columns.show(table);
        session.state().stateProperty().addListener((o, was, now) -> forgetUnlessOf(now));
    }

    /** The table's columns, as the view names them. */
    record Columns(TableColumn<ComparisonRow, String> what, TableColumn<ComparisonRow, Long> projected,
                   TableColumn<ComparisonRow, Long> measured) {
        void show(TableView<ComparisonRow> table) {
            what.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().what()));
            projected.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().projected()));
            measured.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().measured()));
            projected.setCellFactory(c -> Cells.count());
            measured.setCellFactory(c -> Cells.count());
            table.setRowFactory(t -> new TableRow<>() {
                @Override
                protected void updateItem(ComparisonRow row, boolean empty) {
                    super.updateItem(row, empty);
                    pseudoClassStateChanged(DIFFERS, !empty && row != null && row.differs());
                }
            });
        }
    }

    /** Says {@code text} in the summary line (a prompt, a plan's outcome, a warning). */
    void say(String text) {
        summary.setText(text);
    }

    /** Drops the shown results, unless a push is under way: its results are of the layout it started with, and say so. */
    void forget() {
        if (summary.textProperty().isBound()) {
            return;
        }
        pushed = null;
        table.getItems().clear();
        summary.setText(idle);
    }

    private void forgetUnlessOf(SessionState now) {
        if (pushed != null && (now.layout() == null || !now.layout().equals(pushed.layout()) || !now.sameTraffic(pushed))) {
            forget();
        }
    }

    /**
     * Runs a push or an apply of {@code layout} in the background: its message in the summary and its progress beside
     * it with Cancel until it ends (a sample is written for seconds to minutes), then its results in the table.
     *
     * @param failed   what the summary says before the error's message: {@code "Apply failed: "}
     * @param andAfter run on the FX thread once it ended, however
     */
    void run(Layout layout, Tasks.Job<PushOutcome> job, String failed, Runnable andAfter) {
        pushed = null;
        table.getItems().clear();
        SessionState pushedIn = session.state().state();
        Task<PushOutcome> task = Tasks.create(job)
            .onSuccess(r -> show(pushedIn, layout, r))
            .onError(e -> {
                LOG.log(Level.WARNING, failed + "(" + layout.name() + ")", e);
                summary.textProperty().unbind();
                summary.setText(failed + e.getMessage());
            })
            .andFinally(() -> {
                summary.textProperty().unbind();
                andAfter.run();
            })
            .runOn(executor);
        summary.textProperty().bind(task.messageProperty());
        progress.track(task);
    }

    /** Shows a push's results, of {@code layout} as it was pushed in the state {@code pushedIn}. */
    private void show(SessionState pushedIn, Layout layout, PushOutcome r) {
        summary.textProperty().unbind();
        pushed = pushedIn.withLayout(layout);
        summary.setText(r.summary());
        table.getItems().setAll(r.rows());
        session.showStatus("Pushed " + layout.name() + ": " + r.summary());
        forgetUnlessOf(session.state().state()); // the layout or the traffic changed while it was pushed
    }

    /** Stops the push or apply under way: what was written stays on the server, and the summary says so. */
    void cancel() {
        if (progress.cancel()) {
            summary.textProperty().unbind();
            summary.setText("Stopped: the server keeps what was written before Cancel; push again to compare.");
        }
    }
}

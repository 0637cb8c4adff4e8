package dev.cardinal.ui.projection;

import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The lint findings of the layout shown: from its rows, or from a traffic summary's figures with what the rules could
 * not check from them (as {@code cardinal lint S.summary.json} lists it).
 */
final class FindingsStep implements Recomputed.Step {
    private static final Logger LOG = Logger.getLogger(FindingsStep.class.getName());
    private final ReadOnlyObjectWrapper<List<Finding>> findings = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> notChecked = new ReadOnlyObjectWrapper<>(List.of());

    ReadOnlyObjectProperty<List<Finding>> findings() {
        return findings.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<List<String>> notChecked() {
        return notChecked.getReadOnlyProperty();
    }

    /** What a projection just shown leaves of the findings (UI thread): none when it has no figures. */
    void shown(boolean withFigures) {
        if (!withFigures) {
            findings.set(List.of());
        }
        notChecked.set(List.of());
    }

    void clear() {
        findings.set(List.of());
        notChecked.set(List.of());
    }

    @Override
    public void after(Recomputed done, Generations generations) {
        try {
            if (done.projected() != null) {
                List<Finding> found = Linter.lint(new LintContext(done.workspace(), done.projected().kind(), done.layout(),
                    done.projected().projection(), done.projected().index(), done.sample().report(), Duration.ZERO));
                generations.post(done.generation(), () -> findings.set(found));
            } else if (done.summary() != null && done.summary().projection() != null) {
                Linter.Result r = Linter.check(new LintContext(done.workspace(), done.kind(), done.layout(),
                    new LayoutTraffic.Summary(done.summary().projection()), Duration.ZERO));
                List<String> unchecked = UncheckedRules.lines(r.unchecked());
                generations.post(done.generation(), () -> {
                    findings.set(r.findings());
                    notChecked.set(unchecked);
                });
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "checking layout " + done.layout().name() + " failed", e);
        }
    }
}

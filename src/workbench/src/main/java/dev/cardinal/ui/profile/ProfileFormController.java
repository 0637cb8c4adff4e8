package dev.cardinal.ui.profile;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;

/**
 * The traffic profile form: event kind, points a day, span and seed, then a row per attribute, checked as it is
 * typed with each problem beside its row; the JSON is the advanced view. The two follow each other: a change in the
 * form rewrites the JSON, a change in the JSON refills the form (while it is a JSON object), and the JSON is what is
 * checked and generated.
 */
public final class ProfileFormController {
    private final String initial;
    private final ProfileDraft draft = new ProfileDraft();
    private final List<AttributeRowView> rows = new ArrayList<>();
    /** Set while one view writes the other, so that the other does not write back. */
    private boolean syncing;
    private boolean formBehind;
    private ProfileCheck checked;
    @FXML
    private TextField eventKind;
    @FXML
    private TextField pointsPerDay;
    @FXML
    private TextField span;
    @FXML
    private TextField seed;
    @FXML
    private Label eventKindProblem;
    @FXML
    private Label pointsProblem;
    @FXML
    private Label spanProblem;
    @FXML
    private Label seedProblem;
    @FXML
    private GridPane attributes;
    @FXML
    private Label formProblems;
    @FXML
    private TextArea json;
    @FXML
    private Label jsonProblems;

    /** A form that starts from the profile {@code initial} (its JSON). */
    public ProfileFormController(String initial) {
        this.initial = initial;
    }

    @FXML
    private void initialize() {
        eventKind.textProperty().bindBidirectional(draft.eventKind);
        pointsPerDay.textProperty().bindBidirectional(draft.pointsPerDay);
        span.textProperty().bindBidirectional(draft.span);
        seed.textProperty().bindBidirectional(draft.seed);
        formBehind = !DraftJson.fill(draft, initial);
        json.setText(initial);
        draft.attributes().addListener((ListChangeListener<AttributeDraft>) c -> showRows());
        draft.revisionProperty().addListener((o, was, now) -> {
            if (!syncing) {
                syncing = true;
                json.setText(DraftJson.toJson(draft));
                syncing = false;
            }
        });
        json.textProperty().addListener((o, was, now) -> {
            if (!syncing) {
                syncing = true;
                formBehind = !DraftJson.fill(draft, now);
                syncing = false;
            }
            recheck();
        });
        showRows();
        recheck();
    }

    /** The profile's JSON, as checked and generated. */
    public String json() {
        return json.getText();
    }

    /** The JSON as checked just now. */
    public ProfileCheck check() {
        return checked;
    }

    @FXML
    private void addAttribute() {
        draft.addAttribute();
        AttributeRowView last = rows.get(rows.size() - 1);
        Platform.runLater(last::focus);
    }

    private void showRows() {
        rows.clear();
        attributes.getChildren().clear();
        attributes.addRow(0, heading("Attribute"), heading("Kind"), heading("Settings"), heading("Sent as"), heading(""),
            heading("Problems"));
        for (int i = 0; i < draft.attributes().size(); i++) {
            AttributeDraft a = draft.attributes().get(i);
            AttributeRowView row = new AttributeRowView(a, i, () -> draft.attributes().remove(a));
            row.addTo(attributes, i + 1);
            rows.add(row);
        }
        if (checked != null) {
            showProblems();
        }
    }

    private static Label heading(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("hint");
        return l;
    }

    private void recheck() {
        checked = ProfileCheck.of(json.getText());
        showProblems();
    }

    private void showProblems() {
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i).showProblems(checked.ofRow(i));
        }
        eventKindProblem.setText(String.join("\n", checked.atSetting("eventKind")));
        spanProblem.setText(String.join("\n", checked.atSetting("span")));
        seedProblem.setText(String.join("\n", checked.atSetting("seed")));
        List<String> points = checked.atSetting("pointsPerDay");
        pointsProblem.setText(points.isEmpty() ? total() : String.join("\n", points));
        pointsProblem.getStyleClass().setAll("label", points.isEmpty() ? "hint" : "problems-text");
        List<String> general = new ArrayList<>(checked.general());
        if (formBehind) {
            general.add(0, "The JSON is not a profile the form can show; the form shows the last one that was.");
        }
        formProblems.setText(String.join("\n", general));
        jsonProblems.setText(String.join("\n", checked.lines()));
    }

    /** The points in the whole span, when the two read as numbers. */
    private String total() {
        try {
            double n = Math.rint(Double.parseDouble(draft.pointsPerDay.get().strip())
                * Durations.parse(draft.span.get().strip()).toNanos() / 86_400_000_000_000.0);
            return "= " + Quantities.count((long) n) + " points in the span";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}

package dev.cardinal.ui.profile;

import dev.cardinal.traffic.synthetic.AttributeProfile;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/**
 * One attribute's row of the profile form: its name, its kind, the settings of that kind as a short sentence
 * ("5 values, skew 1.2, named web, ios"), tag or field, remove, and what is wrong with it beside it. The controls are
 * bound to the row's {@link AttributeDraft} both ways.
 */
final class AttributeRowView {
    private static final PseudoClass ERROR = PseudoClass.getPseudoClass("error");

    private final AttributeDraft draft;
    private final TextField name = new TextField();
    private final ChoiceBox<AttributeKind> kind = new ChoiceBox<>(FXCollections.observableArrayList(AttributeKind.values()));
    private final HBox settings = new HBox(6);
    private final ChoiceBox<Boolean> sentAs = new ChoiceBox<>(FXCollections.observableArrayList(true, false));
    /** Held here: a bidirectional binding keeps only weak references. */
    private final ObjectProperty<Boolean> tag;
    private final Button remove = new Button("Remove");
    private final Label problem = new Label();
    private final List<Node> closed;
    private final List<Node> id;
    private final List<Node> measure;
    private final List<Node> constant;

    AttributeRowView(AttributeDraft draft, int row, Runnable onRemove) {
        this.draft = draft;
        String n = "-" + row;
        name.setId("profileName" + n);
        name.setPromptText("attribute");
        name.setPrefColumnCount(10);
        name.textProperty().bindBidirectional(draft.name);
        kind.setId("profileKind" + n);
        kind.valueProperty().bindBidirectional(draft.kind);
        ChoiceBox<RatePer> per = new ChoiceBox<>(FXCollections.observableArrayList(RatePer.values()));
        per.setId("profilePer" + n);
        per.valueProperty().bindBidirectional(draft.per);
        ChoiceBox<String> type = new ChoiceBox<>(FXCollections.observableArrayList("integer", "float"));
        type.setId("profileType" + n);
        type.valueProperty().bindBidirectional(draft.type);
        closed = List.of(field(draft.values, "profileValues" + n, "5", 5, "How many distinct values the set has"),
            word("values,"), word("skew"),
            field(draft.skew, "profileSkew" + n, "0", 3, "Weights: value k comes with weight 1/k^skew; 0 is uniform, 1 lets a few values"
                + " dominate"),
            word("named"), field(draft.names, "profileNames" + n, "v01, v02, … (optional)", 14, "The values' names, separated by commas;"
                + " as many as the set has values"));
        id = List.of(field(draft.rate, "profileRate" + n, "2000", 6, "How many new values arrive, a day or per 1,000 points"), per,
            word("repeat skew"), field(draft.repeatSkew, "profileRepeatSkew" + n, "1", 3, "Weights of earlier values: the r-th most recent"
                + " comes back with weight 1/r^skew; 0 reuses any earlier value equally"),
            word("prefix"), field(draft.prefix, "profilePrefix" + n, "", 4, "What each id starts with: u gives u000123"));
        measure = List.of(word("type"), type);
        constant = List.of(word("value"), field(draft.value, "profileValue" + n, "web-01", 10, "The one value every point carries"));
        settings.setAlignment(Pos.CENTER_LEFT);
        settings.setMinWidth(Region.USE_PREF_SIZE);
        settings.setId("profileSettings" + n);
        draft.kind.addListener((o, was, now) -> showKind());
        draft.name.addListener((o, was, now) -> prefixHint());
        showKind();
        prefixHint();
        sentAs.setId("profileSentAs" + n);
        sentAs.setConverter(new StringConverter<>() {
            @Override
            public String toString(Boolean tag) {
                return tag == null ? "" : tag ? "tag" : "field";
            }

            @Override
            public Boolean fromString(String s) {
                return "tag".equals(s);
            }
        });
        tag = draft.asTag.asObject();
        sentAs.valueProperty().bindBidirectional(tag);
        sentAs.setTooltip(new Tooltip("How the application sends it: a tag is indexed (a series per value), a field is not"));
        for (Control c : List.of(name, kind, per, type, sentAs, remove)) {
            c.setMinWidth(Region.USE_PREF_SIZE); // the problems' column gives way, never a control
        }
        remove.setId("profileRemove" + n);
        remove.setOnAction(e -> onRemove.run());
        problem.setId("profileRowProblem" + n);
        problem.getStyleClass().add("problems-text");
        problem.setWrapText(true);
        problem.setMinWidth(160);
    }

    /** Puts the row's controls in {@code grid} at {@code row}. */
    void addTo(GridPane grid, int row) {
        grid.addRow(row, name, kind, settings, sentAs, remove, problem);
    }

    void focus() {
        name.requestFocus();
    }

    /** Shows what is wrong with the row, or nothing. */
    void showProblems(List<String> problems) {
        problem.setText(String.join("\n", problems));
        name.pseudoClassStateChanged(ERROR, !problems.isEmpty());
    }

    private void showKind() {
        AttributeKind k = draft.kind.get();
        settings.getChildren().setAll(k == null ? List.of(word("choose a kind")) : switch (k) {
            case CLOSED -> closed;
            case ID -> id;
            case MEASURE -> measure;
            case CONSTANT -> constant;
        });
        // a measure is a field value, never a tag
        sentAs.setDisable(k == AttributeKind.MEASURE);
        if (k == AttributeKind.MEASURE) {
            draft.asTag.set(false);
        }
    }

    /** The prefix an id gets when none is typed, as the field's hint. */
    private void prefixHint() {
        ((TextField) id.get(5)).setPromptText(AttributeProfile.GrowingId.defaultPrefix(draft.name.get()));
    }

    private static TextField field(StringProperty text, String id, String prompt, int columns, String tip) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        f.setMinWidth(Region.USE_PREF_SIZE);
        f.setTooltip(new Tooltip(tip));
        f.textProperty().bindBidirectional(text);
        return f;
    }

    private static Label word(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("hint");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}

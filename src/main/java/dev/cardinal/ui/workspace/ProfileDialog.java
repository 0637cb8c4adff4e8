package dev.cardinal.ui.workspace;

import dev.cardinal.codegen.SyntheticLineProtocol;
import dev.cardinal.model.FileProblem;
import dev.cardinal.traffic.synthetic.ProfileFormatException;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Traffic that does not exist yet, typed as a profile ({@code *.profile.json}, as {@code cardinal synthesize} reads
 * it): the dialog checks it as the command line does, says what is wrong and on which line, and gives the profile
 * only once it can be generated.
 */
public final class ProfileDialog {
    /** A profile that reads and can be written, with the text it was read from. */
    public record Typed(TrafficProfile profile, String json) {
    }

    private ProfileDialog() {
    }

    /** The profile {@code json} describes ({@code typed}), or what is wrong with it ({@code problems}); never both. */
    public record Checked(Typed typed, List<String> problems) {
    }

    public static Checked check(String json) {
        try {
            TrafficProfile p = ProfileReader.read(json.getBytes(StandardCharsets.UTF_8), "profile").profile();
            List<String> unwritable = SyntheticLineProtocol.unwritable(p);
            return unwritable.isEmpty() ? new Checked(new Typed(p, json), List.of()) : new Checked(null, unwritable);
        } catch (ProfileFormatException e) {
            List<String> out = new ArrayList<>();
            for (FileProblem f : e.problems()) {
                out.add("line " + f.line() + ": " + (f.path().isEmpty() ? "" : f.path() + ": ") + f.message());
            }
            return new Checked(null, out);
        }
    }

    /** Shows {@code initial} for editing; empty when cancelled. */
    static Optional<Typed> ask(Node owner, String initial) {
        Dialog<Typed> dialog = new Dialog<>();
        dialog.setTitle("Synthesize traffic from a profile");
        dialog.setHeaderText("Describe the traffic: closed sets of values, ids that keep arriving, measures. Generate "
            + "writes it as line protocol beside the workspace and adds it as a sample.");
        dialog.initOwner(owner.getScene().getWindow());
        // the window's look (and theme) in the dialog too
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getRoot().getStylesheets());
        dialog.getDialogPane().setPrefWidth(780);
        TextArea text = new TextArea(initial);
        text.setId("profileText");
        text.getStyleClass().add("plan-text");
        text.setPrefColumnCount(80);
        text.setPrefRowCount(22);
        Label problems = new Label();
        problems.setId("profileProblems");
        problems.getStyleClass().add("problems-text");
        problems.setWrapText(true);
        Label help = new Label("kind: closed (values, skew, names), id (newPerDay or newPerThousandPoints, repeatSkew, prefix), "
            + "measure (type integer or float), constant (value); asTag: sent as a tag. Same profile and seed, same traffic.");
        help.setWrapText(true);
        help.getStyleClass().add("hint");
        VBox box = new VBox(6, text, problems, help);
        VBox.setVgrow(text, Priority.ALWAYS);
        dialog.getDialogPane().setContent(box);
        ButtonType generate = new ButtonType("Generate…", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(generate, ButtonType.CANCEL);
        Typed[] accepted = new Typed[1];
        dialog.getDialogPane().lookupButton(generate).addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            Checked checked = check(text.getText());
            if (checked.typed() != null) {
                accepted[0] = checked.typed();
            } else {
                problems.setText(String.join("\n", checked.problems()));
                e.consume(); // stays open: nothing typed is lost
            }
        });
        dialog.setResultConverter(b -> b == generate ? accepted[0] : null);
        return dialog.showAndWait();
    }
}

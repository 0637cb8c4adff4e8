package dev.cardinal.ui.shell;

import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.common.ControllerFactory;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.FxmlView;
import dev.cardinal.ui.profile.ProfileCheck;
import dev.cardinal.ui.profile.ProfileFormController;
import java.util.List;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;

/**
 * Traffic that does not exist yet, typed as a profile ({@code *.profile.json}, as {@code cardinal synthesize} reads
 * it) in a form, with its JSON as the advanced view: the dialog checks it as the command line does, says what is
 * wrong and where, and gives the profile only once it can be generated.
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
        ProfileCheck c = ProfileCheck.of(json);
        return c.profile() != null ? new Checked(new Typed(c.profile(), json), List.of()) : new Checked(null, c.lines());
    }

    /** Shows {@code initial} for editing; empty when cancelled. */
    public static Optional<Typed> ask(Node owner, String initial) {
        ProfileFormController form = new ProfileFormController(initial);
        Dialog<Typed> dialog = new Dialog<>();
        dialog.setTitle("Synthesize traffic from a profile");
        // short enough that the form, not the header, sets the dialog's width
        dialog.setHeaderText("Describe the traffic: closed sets of values, ids that keep arriving, measures.\n"
            + "Generate writes it as line protocol beside the workspace and adds it as a sample.");
        dialog.initOwner(owner.getScene().getWindow());
        // the window's look (and theme) in the dialog too
        Dialogs.theme(dialog.getDialogPane(), owner.getScene().getWindow());
        dialog.setResizable(true);
        dialog.getDialogPane().setContent(new ControllerFactory().register(ProfileFormController.class, () -> form)
            .load(FxmlView.PROFILE_FORM));
        ButtonType generate = new ButtonType("Generate…", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(generate, ButtonType.CANCEL);
        Typed[] accepted = new Typed[1];
        dialog.getDialogPane().lookupButton(generate).addEventFilter(ActionEvent.ACTION, e -> {
            ProfileCheck checked = form.check();
            if (checked.profile() != null) {
                accepted[0] = new Typed(checked.profile(), form.json());
            } else {
                e.consume(); // stays open, problems shown beside what they are about: nothing typed is lost
            }
        });
        dialog.setResultConverter(b -> b == generate ? accepted[0] : null);
        return dialog.showAndWait();
    }
}

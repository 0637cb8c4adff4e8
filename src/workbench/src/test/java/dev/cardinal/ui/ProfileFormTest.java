package dev.cardinal.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.lineprotocol.SyntheticLineProtocol;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.SyntheticRows;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.profile.AttributeKind;
import dev.cardinal.ui.profile.RatePer;
import dev.cardinal.ui.shell.ProfileDialog;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File → Synthesize Traffic from a Profile…: the profile is typed in a form, each problem is named beside its row as
 * it is typed, and the JSON (the advanced view) follows the form and the form the JSON.
 */
class ProfileFormTest extends WorkbenchFixture {
    /** The profile the dialog starts from: one attribute, to be replaced. */
    private static final String START = """
        {"formatVersion": 1, "eventKind": "x", "pointsPerDay": 10, "span": "1d", "seed": 1,
         "attributes": [{"name": "n", "kind": "measure", "type": "integer"}]}
        """;

    private final AtomicReference<Optional<ProfileDialog.Typed>> answer = new AtomicReference<>();

    private void open(FxRobot robot, String initial) throws Exception {
        // the dialog waits for its answer in a nested event loop, as it does from the menu
        Platform.runLater(() -> answer.set(ProfileDialog.ask(window.root(), initial)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#profileEventKind").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void type(FxRobot robot, String id, String text) {
        robot.clickOn(id).push(KeyCode.CONTROL, KeyCode.A).push(KeyCode.BACK_SPACE);
        if (!text.isEmpty()) {
            robot.write(text);
        }
    }

    /** A button of the dialog (the window has a Cancel of its own, for reads). */
    private static javafx.scene.Node dialogButton(FxRobot robot, String text) {
        return robot.lookup(".dialog-pane .button").match((javafx.scene.control.Button b) -> b.getText().equals(text)).query();
    }

    private static <T> void choose(FxRobot robot, String id, T value) {
        ChoiceBox<T> box = robot.lookup(id).query();
        robot.interact(() -> box.setValue(value));
    }

    private static String problemOf(FxRobot robot, int row) {
        return robot.lookup("#profileRowProblem-" + row).queryAs(Label.class).getText();
    }

    private static String lines(TrafficProfile p) throws Exception {
        StringWriter w = new StringWriter();
        SyntheticLineProtocol.writeLines(new SyntheticRows(p), Long.MAX_VALUE, w);
        return w.toString();
    }

    @Test
    void aProfileTypedInTheFormGeneratesTheSameTrafficAsItsJson(FxRobot robot) throws Exception {
        String expected = """
            {"formatVersion": 1, "eventKind": "page_view", "pointsPerDay": 3000, "span": "2d", "seed": 11,
             "attributes": [
               {"name": "event", "kind": "closed", "values": 4, "skew": 1.2, "asTag": true},
               {"name": "device", "kind": "closed", "values": 3, "names": ["web", "ios", "android"], "asTag": true},
               {"name": "user_id", "kind": "id", "newPerDay": 400, "repeatSkew": 1.5, "asTag": true},
               {"name": "session_id", "kind": "id", "newPerThousandPoints": 25, "prefix": "s"},
               {"name": "host", "kind": "constant", "value": "web-01", "asTag": true},
               {"name": "latency", "kind": "measure", "type": "float"}]}
            """;
        open(robot, START);
        type(robot, "#profileEventKind", "page_view");
        type(robot, "#profilePointsPerDay", "3000");
        type(robot, "#profileSpan", "2d");
        type(robot, "#profileSeed", "11");
        robot.clickOn("#profileRemove-0");
        for (int i = 0; i < 6; i++) {
            robot.clickOn("#profileAddAttribute");
        }
        type(robot, "#profileName-0", "event");
        type(robot, "#profileValues-0", "4");
        type(robot, "#profileSkew-0", "1.2");
        choose(robot, "#profileSentAs-0", true);

        type(robot, "#profileName-1", "device");
        type(robot, "#profileValues-1", "3");
        type(robot, "#profileSkew-1", "");
        type(robot, "#profileNames-1", "web, ios, android");
        choose(robot, "#profileSentAs-1", true);

        type(robot, "#profileName-2", "user_id");
        choose(robot, "#profileKind-2", AttributeKind.ID);
        type(robot, "#profileRate-2", "400");
        type(robot, "#profileRepeatSkew-2", "1.5");
        choose(robot, "#profileSentAs-2", true);

        type(robot, "#profileName-3", "session_id");
        choose(robot, "#profileKind-3", AttributeKind.ID);
        choose(robot, "#profilePer-3", RatePer.THOUSAND_POINTS);
        type(robot, "#profileRate-3", "25");
        type(robot, "#profilePrefix-3", "s");

        type(robot, "#profileName-4", "host");
        choose(robot, "#profileKind-4", AttributeKind.CONSTANT);
        type(robot, "#profileValue-4", "web-01");
        choose(robot, "#profileSentAs-4", true);

        type(robot, "#profileName-5", "latency");
        choose(robot, "#profileKind-5", AttributeKind.MEASURE);
        choose(robot, "#profileType-5", "float");

        for (int row = 0; row < 6; row++) {
            assertEquals("", problemOf(robot, row), "row " + row);
        }
        assertEquals("= 6,000 points in the span", robot.lookup("#profilePointsProblem").queryAs(Label.class).getText());
        snap(robot, "profile-form-typed");
        robot.interact(() -> {
            try {
                Screenshots.save(robot.lookup("#profileViews").query().getScene().getRoot(), "profile-form-dialog");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        robot.clickOn(dialogButton(robot, "Generate…"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        ProfileDialog.Typed typed = answer.get().orElseThrow();
        TrafficProfile fromJson = ProfileReader.read(expected.getBytes(StandardCharsets.UTF_8), "expected").profile();
        assertEquals(fromJson, typed.profile());
        assertEquals(lines(fromJson), lines(typed.profile()), "the same 6,000 lines of traffic");
        assertEquals(fromJson, ProfileReader.read(typed.json().getBytes(StandardCharsets.UTF_8), "kept").profile(),
            "the profile kept beside the traffic is the one typed");
    }

    @Test
    void aBadValueIsNamedBesideItsRowAsItIsTypedAndGenerateWaits(FxRobot robot) throws Exception {
        open(robot, ProfileWriter.toJson(ProfileReader.read(START.replace("]}", ", {\"name\": \"user_id\", \"kind\": \"id\", "
            + "\"newPerDay\": 5, \"asTag\": true}]}").getBytes(StandardCharsets.UTF_8), "start").profile()));
        assertEquals("", problemOf(robot, 1));
        type(robot, "#profileRate-1", "-3");
        assertTrue(problemOf(robot, 1).startsWith("new a day: must be a number > 0"), problemOf(robot, 1));
        assertEquals("", problemOf(robot, 0), "only the row it is on");
        type(robot, "#profileRate-1", "50");
        assertTrue(problemOf(robot, 1).startsWith("new a day: must be a number > 0 and at most pointsPerDay"), problemOf(robot, 1));
        type(robot, "#profileRate-1", "5");
        assertEquals("", problemOf(robot, 1));
        type(robot, "#profileName-0", "user_id");
        assertEquals("name: duplicate attribute 'user_id'", problemOf(robot, 1), "said on the second of the two");
        type(robot, "#profileSpan", "a month");
        assertTrue(robot.lookup("#profileSpanProblem").queryAs(Label.class).getText().startsWith("not a duration"));
        snap(robot, "profile-form-problems");
        robot.clickOn(dialogButton(robot, "Generate…"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(answer.get() == null && robot.lookup("#profileEventKind").tryQuery().isPresent(), "stays open, nothing lost");
        assertEquals("a month", robot.lookup("#profileSpan").queryAs(TextField.class).getText());
        robot.clickOn(dialogButton(robot, "Cancel"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        assertFalse(answer.get().isPresent());
    }

    @Test
    void theFormAndItsJsonFollowEachOther(FxRobot robot) throws Exception {
        String start = ProfileWriter.toJson(ProfileReader.read(START.getBytes(StandardCharsets.UTF_8), "start").profile());
        open(robot, start);
        TextArea json = robot.lookup("#profileText").queryAs(TextArea.class);
        assertEquals(start, json.getText(), "the JSON as given");

        // the form writes the JSON
        type(robot, "#profileEventKind", "orders");
        robot.clickOn("#profileAddAttribute");
        type(robot, "#profileName-1", "region");
        type(robot, "#profileNames-1", "eu, us");
        type(robot, "#profileValues-1", "2");
        TrafficProfile typed = ProfileReader.read(json.getText().getBytes(StandardCharsets.UTF_8), "typed").profile();
        assertEquals("orders", typed.eventKind());
        assertEquals(2, typed.attributes().size());
        assertEquals(ProfileWriter.toJson(typed), json.getText(), "laid out as cardinal writes a profile");

        // the JSON writes the form
        TabPane views = robot.lookup("#profileViews").queryAs(TabPane.class);
        robot.clickOn("Advanced: JSON");
        assertEquals(1, views.getSelectionModel().getSelectedIndex());
        robot.interact(() -> json.setText(json.getText().replace("\"values\": 2", "\"values\": 3").replace("\"eu\", \"us\"",
            "\"eu\", \"us\", \"apac\"").replace("\"span\": \"1d\"", "\"span\": \"3d\"")));
        robot.clickOn("Form");
        assertEquals("3d", robot.lookup("#profileSpan").queryAs(TextField.class).getText());
        assertEquals("3", robot.lookup("#profileValues-1").queryAs(TextField.class).getText());
        assertEquals("eu, us, apac", robot.lookup("#profileNames-1").queryAs(TextField.class).getText());
        assertEquals("", problemOf(robot, 1));

        // a JSON that is not an object leaves the form as it was, and says so; fixed, the form follows again
        String good = json.getText();
        robot.interact(() -> json.setText(good.substring(0, good.length() / 2)));
        assertEquals("3d", robot.lookup("#profileSpan").queryAs(TextField.class).getText());
        assertTrue(robot.lookup("#profileFormProblems").queryAs(Label.class).getText().startsWith("The JSON is not a profile"));
        assertTrue(robot.lookup("#profileProblems").queryAs(Label.class).getText().startsWith("line "));
        robot.interact(() -> json.setText(good.replace("\"3d\"", "\"4d\"")));
        assertEquals("4d", robot.lookup("#profileSpan").queryAs(TextField.class).getText());
        assertEquals("", robot.lookup("#profileFormProblems").queryAs(Label.class).getText());
        robot.clickOn(dialogButton(robot, "Cancel"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        assertTrue(Window.getWindows().stream().noneMatch(w -> w.getScene() != null && w.getScene().lookup("#profileViews") != null));
    }
}

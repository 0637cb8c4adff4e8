package dev.cardinal.ui.push;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.ui.projection.ServerChoice;
import dev.cardinal.ui.session.WorkspaceSession;
import java.net.URI;
import javafx.css.PseudoClass;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;

/**
 * The Push tab's form for a test instance: its kind, URL, database (or index), user and password (kept in the form
 * and the client, never in the workspace), whether to skip the TLS check and to write the sample. It starts from the
 * workspace's first target the tab can push to, and says when anything in it changes: a plan made or numbers measured
 * on another instance are not this one's.
 */
final class TargetForm {
    private final WorkspaceSession session;
    private final PushResults results;
    private final ChoiceBox<Target.Kind> kind;
    private final TextField url;
    private final TextField database;
    private final TextField user;
    private final PasswordField password;
    private final CheckBox insecure;
    private final CheckBox writeSample;

    /** The fields as the view names them. */
    record Fields(ChoiceBox<Target.Kind> kind, TextField url, TextField database, TextField user, PasswordField password,
                  CheckBox insecure, CheckBox writeSample) {
    }

    TargetForm(WorkspaceSession session, PushResults results, Fields fields) {
        this.session = session;
        this.results = results;
        this.kind = fields.kind();
        this.url = fields.url();
        this.database = fields.database();
        this.user = fields.user();
        this.password = fields.password();
        this.insecure = fields.insecure();
        this.writeSample = fields.writeSample();
    }

    /**
     * Offers the kinds the tab pushes to and follows the form.
     *
     * @param changed run when the instance the form names changes
     */
    void start(Runnable changed) {
        kind.getItems().setAll(Target.Kind.INFLUXDB_1, Target.Kind.OPENSEARCH, Target.Kind.ELASTICSEARCH);
        kind.getItems().addAll(SeamPush.kinds());
        kind.setConverter(TargetDialog.PRODUCTS);
        kind.setValue(Target.Kind.INFLUXDB_1);
        kind.valueProperty().addListener((o, was, now) -> {
            boolean index = now != null && now.isDocument();
            boolean seam = SeamPush.offers(now);
            database.setPromptText(index ? "new index" : seam ? SeamPush.database(now).orElse("none") : "database");
            database.setDisable(seam && SeamPush.database(now).isEmpty());
            url.setPromptText(index ? "http://127.0.0.1:9200" : seam ? SeamPush.exampleUrl(now) : "http://127.0.0.1:8086");
            // an index gets the sample written: that is what there is to compare
            writeSample.setDisable(index);
            insecure.setDisable(index || seam);
            changed.run();
        });
        session.history().currentProperty().addListener((o, was, ws) -> {
            if (ws != null && url.getText().isBlank()) {
                ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_1 || t.kind().isDocument()
                    || SeamPush.offers(t.kind())).findFirst()
                    .ifPresent(t -> {
                        kind.setValue(t.kind());
                        url.setText(t.url());
                        database.setText(t.database() == null ? "" : t.database());
                    });
            }
        });
        for (TextField f : new TextField[] {url, database, user, password}) {
            f.textProperty().addListener((o, was, now) -> changed.run());
        }
        insecure.selectedProperty().addListener((o, was, now) -> {
            changed.run();
            insecure.pseudoClassStateChanged(PseudoClass.getPseudoClass("warning"), now);
            if (now) {
                results.say("Warning: TLS verification is off; the server's certificate is not checked.");
            }
        });
    }

    Target.Kind kind() {
        return kind.getValue();
    }

    String url() {
        return url.getText().strip();
    }

    String database() {
        return database.getText().strip();
    }

    /** As typed: blank for none. */
    String user() {
        return user.getText();
    }

    /** A copy of the password, for the caller to clear. */
    char[] password() {
        return password.getText().toCharArray();
    }

    boolean insecure() {
        return insecure.isSelected();
    }

    boolean writeSample() {
        return writeSample.isSelected();
    }

    /** The InfluxDB 1.x client the form describes; the password goes to the client and nowhere else. */
    InfluxV1Client v1Client() {
        InfluxV1Client client = InfluxV1Client.of(URI.create(url()));
        if (!user.getText().isBlank()) {
            client = client.withBasicAuth(user.getText().strip(), password());
        }
        return insecure.isSelected() ? client.withoutTlsVerification() : client;
    }

    /** The total-fields limit of the index: the workspace target's at this URL, else the projection's, else the default. */
    long indexLimit(Workspace ws) {
        String at = url();
        return ws.targets().stream().filter(t -> t.kind().isDocument() && t.url().equals(at)).findFirst()
            .map(ServerChoice::mappingLimit)
            .orElse(session.mappingLimitProperty().get() != null ? session.mappingLimitProperty().get()
                : dev.cardinal.projection.DocumentMapping.DEFAULT_TOTAL_FIELDS);
    }
}

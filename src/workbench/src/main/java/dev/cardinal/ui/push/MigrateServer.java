package dev.cardinal.ui.push;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.Migrating;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Target;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;

/**
 * The Migrate step's live server: its kind (every kind an engine migrates on, {@link Engines#migratingKinds}), URL,
 * database, organisation (InfluxDB 2.x), user, and the user's password or, without a user, a token. It starts from what
 * the Push tab names; the secret stays in the field and the connection made from it, never in the workspace.
 */
final class MigrateServer {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** The fields as the view names them. */
    record Fields(ChoiceBox<Target.Kind> kind, TextField url, TextField database, TextField org, TextField user, PasswordField secret) {
    }

    /** What the Push tab names, to start from; {@code secret} is the form's password (cleared by the caller). */
    record Named(Target.Kind kind, String url, String database, String user, char[] secret, boolean insecure) {
    }

    private final Fields f;
    private boolean insecure;

    MigrateServer(Fields fields, Runnable changed) {
        this.f = fields;
        f.kind().getItems().setAll(Engines.migratingKinds());
        f.kind().setConverter(TargetDialog.PRODUCTS);
        f.kind().setValue(Target.Kind.INFLUXDB_1);
        kindChanged(Target.Kind.INFLUXDB_1);
        f.kind().valueProperty().addListener((o, was, now) -> {
            kindChanged(now);
            changed.run();
        });
        f.user().textProperty().addListener((o, was, now) -> kindChanged(kind()));
        for (TextField t : new TextField[] {f.url(), f.database(), f.org(), f.user(), f.secret()}) {
            t.textProperty().addListener((o, was, now) -> changed.run());
        }
    }

    private void kindChanged(Target.Kind now) {
        Migrating.Offers offers = now == null ? null : Engines.migrating(now).map(Migrating::offers).orElse(null);
        f.org().setDisable(offers == null || !offers.logins().organisation());
        f.url().setPromptText(now == null ? "" : Engines.pushing(now).map(p -> p.exampleUrl()).orElse(""));
        f.secret().setPromptText(takesToken(now) && f.user().getText().isBlank() ? "token" : "password");
    }

    /** Whether {@code kind}'s engine takes a token: without a user the secret is one then (a relational server takes none). */
    private static boolean takesToken(Target.Kind kind) {
        return kind != null && Engines.migrating(kind).map(m -> m.offers().logins().tokens() != Logins.Tokens.NONE).orElse(false);
    }

    /** Fills the fields from the Push tab's form (the kind kept when the tab's kind migrates nowhere). */
    void fill(Named n) {
        if (n.kind() != null && f.kind().getItems().contains(n.kind())) {
            f.kind().setValue(n.kind());
        }
        f.url().setText(n.url());
        f.database().setText(n.database());
        f.user().setText(n.user());
        f.secret().setText(new String(n.secret()));
        Arrays.fill(n.secret(), '\0');
        insecure = n.insecure();
    }

    Target.Kind kind() {
        return f.kind().getValue();
    }

    /** The offers of the chosen kind's engine. */
    Migrating.Offers offers() {
        return Engines.migrating(kind()).orElseThrow().offers();
    }

    /** Why the fields name no server yet, or null. */
    String missing() {
        if (kind() == null) {
            return "Choose the kind of server that holds the live data.";
        }
        if (f.url().getText().isBlank() || f.database().getText().isBlank()) {
            return "Give the URL of the " + kind().product() + " server and the database that holds the live data.";
        }
        return !f.org().isDisabled() && f.org().getText().isBlank() ? kind().product() + " needs its organisation." : null;
    }

    /**
     * The server the fields name: a user with the password, or without a user the token (none when blank, or when the
     * engine takes no token: as the Push tab, a password without its user logs in as nobody).
     *
     * @throws IllegalArgumentException the URL is none, or carries credentials
     */
    MigrateStep.Target target() {
        String user = f.user().getText().strip();
        char[] secret = f.secret().getText().toCharArray();
        Credentials login = !user.isEmpty() ? Credentials.user(user, secret)
            : secret.length > 0 && takesToken(kind()) ? Credentials.token(secret) : Credentials.NONE;
        Arrays.fill(secret, '\0');
        Connection c = new Connection(kind(), URI.create(f.url().getText().strip()), f.database().getText().strip(), TIMEOUT, login)
            .withOrganisation(f.org().isDisabled() || f.org().getText().isBlank() ? null : f.org().getText().strip())
            .skippingTlsVerification(insecure && kind() == Target.Kind.INFLUXDB_1);
        return new MigrateStep.Target(c);
    }

    /** The instance in words, without the secret. */
    String text() {
        return kind() == null ? "" : kind().product() + " at " + dev.cardinal.model.UrlCredentials.redacted(f.url().getText().strip())
            + ", database " + f.database().getText().strip();
    }

    void setDisable(boolean disabled) {
        for (var n : new javafx.scene.Node[] {f.kind(), f.url(), f.database(), f.org(), f.user(), f.secret()}) {
            n.setDisable(disabled);
        }
        if (!disabled) {
            kindChanged(kind());
        }
    }
}

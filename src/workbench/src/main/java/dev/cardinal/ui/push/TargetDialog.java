package dev.cardinal.ui.push;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import java.util.Locale;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Add Target: a server the workspace projects for and pushes to, of a kind chosen here (InfluxDB 1.x, 2.x, 3.x,
 * OpenSearch, Elasticsearch, MariaDB, PostgreSQL, VictoriaMetrics, Prometheus). It holds where the server is and its own limits, never how to log
 * in. What cannot be a target (no name, a URL that is not absolute or carries credentials, a limit that is not a whole
 * number) is said in the dialog, which stays open.
 */
public final class TargetDialog {
    /** A kind of server as people name it: "OpenSearch", "InfluxDB 1.x". */
    static final StringConverter<Target.Kind> PRODUCTS = new StringConverter<>() {
        @Override
        public String toString(Target.Kind k) {
            return k == null ? "" : k.product();
        }

        @Override
        public Target.Kind fromString(String s) {
            return null;
        }
    };

    private final Dialog<Target> dialog = new Dialog<>();
    final ChoiceBox<Target.Kind> kind = new ChoiceBox<>();
    final TextField name = new TextField();
    final TextField url = new TextField();
    final TextField database = new TextField();
    final TextField version = new TextField();
    final TextField totalFields = new TextField();
    private final Label databaseLabel = new Label("Database");
    private final Label problem = new Label();
    private final Workspace ws;

    public TargetDialog(Window owner, Workspace ws) {
        this.ws = ws;
        dialog.initOwner(owner);
        dialog.setTitle("Add Target");
        dialog.setHeaderText("A server to project for and push to. Passwords and tokens are asked for at push time,"
            + " never kept in the workspace.");
        kind.getItems().setAll(Target.Kind.values());
        kind.setConverter(PRODUCTS);
        kind.setId("targetDialogKind");
        name.setId("targetDialogName");
        url.setId("targetDialogUrl");
        database.setId("targetDialogDatabase");
        version.setId("targetDialogVersion");
        totalFields.setId("targetDialogTotalFields");
        problem.setId("targetDialogProblem");
        problem.getStyleClass().add("dialog-problem");
        problem.setWrapText(true);
        version.setPromptText("e.g. 1.8.10 (optional)");
        totalFields.setPromptText("1000 (the engine's default)");
        kind.valueProperty().addListener((o, was, now) -> kindChosen(now));
        kind.setValue(Target.Kind.INFLUXDB_1);
        name.setText(freeName(ws));
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("Name"), name);
        grid.addRow(1, new Label("Kind"), kind);
        grid.addRow(2, new Label("URL"), url);
        grid.addRow(3, databaseLabel, database);
        grid.addRow(4, new Label("Server version"), version);
        grid.addRow(5, new Label("Total fields limit"), totalFields);
        grid.add(problem, 0, 6, 2, 1);
        url.setPrefColumnCount(28);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().setPrefWidth(560);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Button ok = (Button) dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.setText("Add");
        ok.addEventFilter(ActionEvent.ACTION, e -> {
            Optional<String> why = problem();
            problem.setText(why.orElse(""));
            if (why.isPresent()) {
                e.consume();
            }
        });
        dialog.setResultConverter(b -> b == ButtonType.OK ? target() : null);
    }

    public Optional<Target> showAndWait() {
        return dialog.showAndWait();
    }

    Dialog<Target> dialog() {
        return dialog;
    }

    private void kindChosen(Target.Kind k) {
        boolean index = k != null && k.isDocument();
        boolean relational = k == Target.Kind.MARIADB || k == Target.Kind.POSTGRESQL;
        databaseLabel.setText(index ? "Index" : k == Target.Kind.INFLUXDB_2 || k == Target.Kind.INFLUXDB_3 ? "Bucket"
            : relational ? "Schema" : "Database");
        url.setPromptText(index ? "http://127.0.0.1:9200" : relational ? "jdbc:postgresql://127.0.0.1:5432/test"
            : SeamPush.offers(k) ? SeamPush.exampleUrl(k) : "http://127.0.0.1:8086");
        if (SeamPush.offers(k)) {
            // what a database is to this engine is the engine's to say (VictoriaMetrics: the db label; Prometheus: none)
            databaseLabel.setText(SeamPush.database(k).isPresent() ? "db label" : "Database");
            database.setPromptText(SeamPush.database(k).orElse("none: " + k.product() + " takes no database"));
        } else {
            database.setPromptText("");
        }
        database.setDisable(SeamPush.offers(k) && SeamPush.database(k).isEmpty());
        totalFields.setDisable(!index);
        version.setDisable(k == null || !k.isInflux());
    }

    /** What is wrong with the form, or empty when it makes a target. */
    Optional<String> problem() {
        if (name.getText().isBlank()) {
            return Optional.of("Give the target a name.");
        }
        String id = id();
        if (ws != null && ws.targets().stream().anyMatch(t -> t.id().equals(id))) {
            return Optional.of("The workspace has a target " + id + " already: give this one another name.");
        }
        Optional<String> bad = kind.getValue() == Target.Kind.MARIADB || kind.getValue() == Target.Kind.POSTGRESQL
            ? (url.getText().strip().startsWith("jdbc:") && !url.getText().toLowerCase(Locale.ROOT).contains("password=")
                ? Optional.empty() : Optional.of("a JDBC URL such as jdbc:postgresql://host:5432/db, without a password"))
            : Target.urlProblem(url.getText().strip());
        if (bad.isPresent()) {
            return Optional.of("URL: " + bad.get());
        }
        if (SeamPush.offers(kind.getValue()) && SeamPush.database(kind.getValue()).isPresent() && database.getText().isBlank()) {
            return Optional.of("db label: " + kind.getValue().product() + " needs one, " + SeamPush.database(kind.getValue()).get() + ".");
        }
        if (!version.isDisabled() && !version.getText().isBlank()) {
            try {
                ServerVersion.parse(version.getText().strip());
            } catch (IllegalArgumentException e) {
                return Optional.of("Server version: " + e.getMessage());
            }
        }
        if (!totalFields.isDisabled() && !totalFields.getText().isBlank() && !totalFields.getText().strip().matches("\\d{1,18}")) {
            return Optional.of("Total fields limit: a whole number, 0 for none (index.mapping.total_fields.limit).");
        }
        return Optional.empty();
    }

    /** The target the form describes; call only when {@link #problem()} is empty. */
    Target target() {
        String id = id();
        Long fields = totalFields.isDisabled() || totalFields.getText().isBlank() ? null : Long.parseLong(totalFields.getText().strip());
        ServerVersion v = version.isDisabled() || version.getText().isBlank() ? null : ServerVersion.parse(version.getText().strip());
        return new Target(id, name.getText().strip(), kind.getValue(), url.getText().strip(),
            database.isDisabled() || database.getText().isBlank() ? null : database.getText().strip(), null, v, new ServerLimits(null, null, null, fields));
    }

    /** The target's id: its name in lower case, runs of other characters as '-'. */
    private String id() {
        String id = name.getText().strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
        return id.isEmpty() ? "target" : id;
    }

    private static String freeName(Workspace ws) {
        for (int i = 1; ; i++) {
            String n = i == 1 ? "test" : "test-" + i;
            if (ws == null || ws.targets().stream().noneMatch(t -> t.id().equals(n))) {
                return n;
            }
        }
    }
}

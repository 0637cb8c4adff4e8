package dev.cardinal.ui.code;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engines.Bundle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/**
 * The code panel: what {@code cardinal generate} writes for the selected layout, one tab per language, in
 * read-only highlighted code areas, with copy and export. The SQL tab switches between MariaDB and
 * PostgreSQL.
 */
public final class CodePanel extends VBox {
    /** One tab: its title, the language it highlights, and which artefacts it shows. */
    private record Group(String title, Language language) {
    }

    private static final List<Group> GROUPS = List.of(
        new Group("InfluxQL", Language.INFLUXQL),
        new Group("Flux", Language.FLUX),
        new Group("Buckets", Language.SHELL),
        new Group("SQL", Language.SQL),
        new Group("Java", Language.JAVA),
        new Group("JavaScript", Language.JAVASCRIPT),
        new Group("Line protocol", Language.LINE_PROTOCOL),
        new Group("Schemas", Language.JSON),
        new Group("Prometheus", Language.YAML));

    private final TabPane tabs = new TabPane();
    /** Each tab's text, kept whether or not its code area exists. */
    private final Map<Group, String> texts = new LinkedHashMap<>();
    /**
     * The code areas, each made when its tab is first shown: eight highlighted areas cost a quarter of a second of
     * the window's start (most of it loading RichTextFX), for a panel that starts hidden.
     */
    private final Map<Group, CodeArea> areas = new LinkedHashMap<>();
    /** Tabs whose code area shows older text than {@link #texts}. */
    private final Set<Group> stale = new HashSet<>();
    private boolean showing;
    private final ChoiceBox<SqlDialect> dialect = new ChoiceBox<>();
    private final Label message = new Label();
    private final Button export = new Button("Export…");
    private Bundle.Contents contents;

    public CodePanel() {
        getStyleClass().addAll("pane", "code-panel");
        setSpacing(6);
        dialect.getItems().setAll(SqlDialect.values());
        dialect.setValue(SqlDialect.MARIADB);
        dialect.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(SqlDialect d) {
                return d == null ? "" : Bundle.engine(d);
            }

            @Override
            public SqlDialect fromString(String s) {
                return null;
            }
        });
        dialect.valueProperty().addListener((o, was, now) -> refresh());
        dialect.setId("sqlDialect");
        Button copy = new Button("Copy");
        copy.setId("copyCode");
        copy.setOnAction(e -> {
            String text = selectedText();
            ClipboardContent c = new ClipboardContent();
            c.putString(text);
            Clipboard.getSystemClipboard().setContent(c);
            String what = tabs.getSelectionModel().getSelectedItem() == null ? "code" : tabs.getSelectionModel().getSelectedItem().getText();
            onCopied.accept(String.format(java.util.Locale.ROOT, "Copied the %s code (%,d lines) to the clipboard", what,
                text.isEmpty() ? 0 : text.split("\n", -1).length));
        });
        export.setId("exportCode");
        export.setDisable(true);
        message.getStyleClass().add("code-message");
        message.setId("codeMessage");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(8, copy, export, new Label("SQL for"), dialect, gap, message);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 0, 2, 0));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("codeTabs");
        for (Group g : GROUPS) {
            texts.put(g, "");
            tabs.getTabs().add(new Tab(g.title()));
        }
        tabs.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> showSelected());
        VBox.setVgrow(tabs, Priority.ALWAYS);
        getChildren().addAll(bar, tabs);
    }

    /**
     * Whether the panel is on screen (its tab selected). Code areas are made and filled only for the tab shown
     * while it is.
     */
    public void setShowing(boolean on) {
        showing = on;
        showSelected();
    }

    private java.util.function.Consumer<String> onCopied = m -> { };

    /** Says what Copy put on the clipboard (the status bar shows it). */
    public void setOnCopied(java.util.function.Consumer<String> handler) {
        onCopied = handler;
    }

    /** The export button: the controller decides where to write. */
    public Button exportButton() {
        return export;
    }

    /** Shows the generated artefacts of a layout. */
    public void show(Bundle.Contents c) {
        contents = c;
        export.setDisable(c == null);
        message.setText(c == null ? "" : c.notWritten().isEmpty() ? c.artefacts().size() + " files"
            : c.artefacts().size() + " files; " + String.join("; ", c.notWritten()));
        refresh();
    }

    /** Shows why nothing can be generated (the layout cannot be written, no workspace is open). */
    public void showMessage(String text) {
        contents = null;
        export.setDisable(true);
        message.setText(text);
        refresh();
    }

    public Bundle.Contents contents() {
        return contents;
    }

    /** The text of the selected tab. */
    public String selectedText() {
        int i = tabs.getSelectionModel().getSelectedIndex();
        return i < 0 ? "" : texts.get(GROUPS.get(i));
    }

    /** The text of the tab titled {@code title}, e.g. "InfluxQL". */
    public String text(String title) {
        return GROUPS.stream().filter(g -> g.title().equals(title)).findFirst().map(texts::get).orElse("");
    }

    private void refresh() {
        for (Group g : GROUPS) {
            Predicate<Artefact> shown = a -> a.language() == g.language()
                && (a.dialect() == null || a.dialect() == dialect.getValue());
            List<Artefact> list = contents == null ? List.of() : contents.artefacts().stream().filter(shown).toList();
            List<String> parts = new ArrayList<>();
            for (Artefact a : list) {
                parts.add(g.language().comment(a.file() + ": " + a.description()) + "\n" + a.text());
            }
            String text = list.isEmpty() ? (contents == null ? "" : g.language().comment("nothing of this kind for this layout") + "\n")
                : String.join("\n", parts);
            if (!text.equals(texts.put(g, text))) {
                stale.add(g);
            }
        }
        showSelected();
    }

    /** Makes the selected tab's code area if it has none yet, and brings its text up to date, while on screen. */
    private void showSelected() {
        int i = tabs.getSelectionModel().getSelectedIndex();
        if (!showing || i < 0) {
            return;
        }
        Group g = GROUPS.get(i);
        CodeArea area = areas.get(g);
        if (area == null) {
            area = new CodeArea();
            area.setEditable(false);
            area.setParagraphGraphicFactory(LineNumberFactory.get(area));
            area.getStyleClass().add("code-area");
            area.setId("code-" + g.language().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            areas.put(g, area);
            tabs.getTabs().get(i).setContent(new VirtualizedScrollPane<>(area));
            stale.add(g);
        }
        if (stale.remove(g)) {
            String text = texts.get(g);
            area.replaceText(text);
            if (!text.isEmpty()) {
                area.setStyleSpans(0, Highlighter.highlight(text, g.language()));
            }
            area.moveTo(0);
            area.requestFollowCaret();
        }
    }
}

package dev.cardinal.ui.attributes;

import dev.cardinal.model.Role;
import dev.cardinal.ui.common.Cells;
import dev.cardinal.ui.common.KeyBinding;
import dev.cardinal.ui.session.WorkspaceSession;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;

/** The selected layout's attributes as a table: role, type, how they arrived, distinct values; T, F and Delete edit. */
public final class AttributesPanelController {
    private final WorkspaceSession session;
    @FXML
    private Label attributesTitle;
    @FXML
    private TableView<AttributeRow> attributes;
    @FXML
    private TableColumn<AttributeRow, String> nameColumn;
    @FXML
    private TableColumn<AttributeRow, String> typeColumn;
    @FXML
    private TableColumn<AttributeRow, String> arrivedColumn;
    @FXML
    private TableColumn<AttributeRow, String> roleColumn;
    @FXML
    private TableColumn<AttributeRow, Long> distinctColumn;

    public AttributesPanelController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        nameColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().name()));
        typeColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().type()));
        arrivedColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().arrivedAs()));
        roleColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().role()));
        distinctColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().distinct()));
        distinctColumn.setCellFactory(c -> Cells.count());
        attributes.setItems(session.attributes());
        attributes.setOnKeyPressed(e -> {
            // the Edit menu's keys (KeyBinding), answered here for the row selected in the table
            Role role = KeyBinding.MAKE_TAG.matches(e) ? Role.TAG : KeyBinding.MAKE_FIELD.matches(e) ? Role.FIELD
                : KeyBinding.DROP_FROM_LAYOUT.matches(e) || e.getCode() == KeyCode.BACK_SPACE ? Role.DROPPED : null;
            if (role != null && !e.isShortcutDown() && !e.isAltDown()) {
                setSelectedRole(role);
                e.consume();
            }
        });
        session.selectedLayoutProperty().addListener((o, was, now) -> attributesTitle.setText(now == null
            ? "Attributes" : "Attributes of " + now.eventKind() + " in layout “" + now.name() + "”"));
        session.state().notices().subscribe(dev.cardinal.ui.session.Notices.Focus.class, f -> selectRow(f.name()));
        // one selected attribute for the canvas, this table and the Edit menu's T, F and Delete
        attributes.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> {
            if (row != null) {
                session.selectedAttributeProperty().set(row.name());
            }
        });
        session.selectedAttributeProperty().addListener((o, was, name) -> selectRow(name));
    }

    private void selectRow(String name) {
        AttributeRow selected = attributes.getSelectionModel().getSelectedItem();
        if (name != null && (selected == null || !selected.name().equals(name))) {
            session.attributes().stream().filter(a -> a.name().equals(name)).findFirst()
                .ifPresent(a -> attributes.getSelectionModel().select(a));
        }
    }

    /** Gives the selected attribute a role (the Edit menu and the keys); the selection stays on it. */
    void setSelectedRole(Role role) {
        AttributeRow row = attributes.getSelectionModel().getSelectedItem();
        if (row == null) {
            return;
        }
        int index = attributes.getSelectionModel().getSelectedIndex();
        session.edits().setRole(row.name(), role);
        attributes.getSelectionModel().select(index);
    }

    @FXML
    private void makeTag() {
        setSelectedRole(Role.TAG);
    }

    @FXML
    private void makeField() {
        setSelectedRole(Role.FIELD);
    }

    @FXML
    private void dropAttribute() {
        setSelectedRole(Role.DROPPED);
    }
}

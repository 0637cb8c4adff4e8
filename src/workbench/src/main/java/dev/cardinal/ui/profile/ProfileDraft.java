package dev.cardinal.ui.profile;

import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * A traffic profile as typed in the form, every value as its text ({@link DraftJson} turns it into the profile's
 * JSON and back). {@link #revisionProperty()} counts the changes, whichever setting of whichever attribute changed.
 */
public final class ProfileDraft {
    final StringProperty eventKind = new SimpleStringProperty("");
    final StringProperty pointsPerDay = new SimpleStringProperty("");
    final StringProperty span = new SimpleStringProperty("");
    final StringProperty seed = new SimpleStringProperty("");
    private final ObservableList<AttributeDraft> attributes = FXCollections.observableArrayList();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private final InvalidationListener changed = o -> revision.set(revision.get() + 1);

    public ProfileDraft() {
        for (Observable o : new Observable[] {eventKind, pointsPerDay, span, seed}) {
            o.addListener(changed);
        }
        attributes.addListener((ListChangeListener<AttributeDraft>) c -> {
            while (c.next()) {
                c.getRemoved().forEach(a -> follow(a, false));
                c.getAddedSubList().forEach(a -> follow(a, true));
            }
            revision.set(revision.get() + 1);
        });
    }

    private void follow(AttributeDraft a, boolean on) {
        for (Observable o : a.settings()) {
            if (on) {
                o.addListener(changed);
            } else {
                o.removeListener(changed);
            }
        }
    }

    /** The attributes, one row each, in the order the application sends them. */
    public ObservableList<AttributeDraft> attributes() {
        return attributes;
    }

    /** Goes up by one at every change of any value. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** Adds an attribute for the user to fill in: a field, so that a point still has one. */
    public AttributeDraft addAttribute() {
        AttributeDraft a = new AttributeDraft();
        a.kind.set(AttributeKind.CLOSED);
        a.values.set("5");
        a.skew.set("0");
        attributes.add(a);
        return a;
    }
}

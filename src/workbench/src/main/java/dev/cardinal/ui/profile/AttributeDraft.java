package dev.cardinal.ui.profile;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One attribute of a traffic profile as typed in the form: every setting of every kind is kept as text, so that a
 * value being typed (or a wrong one) is never lost, and switching the kind back brings the earlier settings back. Only
 * the settings of the chosen kind reach the profile.
 */
public final class AttributeDraft {

    final StringProperty name = new SimpleStringProperty("");
    final ObjectProperty<AttributeKind> kind = new SimpleObjectProperty<>(AttributeKind.CLOSED);
    /** Closed set: how many distinct values, their skew (weights 1/k^skew) and, optionally, their names. */
    final StringProperty values = new SimpleStringProperty("");
    final StringProperty skew = new SimpleStringProperty("");
    final StringProperty names = new SimpleStringProperty("");
    /** Growing id: how many new values, per day or per 1,000 points; the skew of reuse by recency; the prefix. */
    final StringProperty rate = new SimpleStringProperty("");
    final ObjectProperty<RatePer> per = new SimpleObjectProperty<>(RatePer.DAY);
    final StringProperty repeatSkew = new SimpleStringProperty("");
    final StringProperty prefix = new SimpleStringProperty("");
    /** Measure: integer or float. */
    final StringProperty type = new SimpleStringProperty("integer");
    /** Constant: its one value. */
    final StringProperty value = new SimpleStringProperty("");
    /** Sent as a tag (else as a field); a measure is always a field. */
    final BooleanProperty asTag = new SimpleBooleanProperty(false);

    /** Everything a user can change, to listen to. */
    Observable[] settings() {
        return new Observable[] {name, kind, values, skew, names, rate, per, repeatSkew, prefix, type, value, asTag};
    }
}

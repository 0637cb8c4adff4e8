package dev.cardinal.lineprotocol;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import java.util.function.IntFunction;

/**
 * A point read back from a server (1.x rows, 2.x records) as a line of line protocol in the layout that imported it,
 * so recent points become a sample file like any other.
 */
public final class PointLines {
    private PointLines() {
    }

    /**
     * The line of one point, or null when it has no field value (no point). Empty tag values are left out, as the
     * server leaves them out; each field is written with the type the event kind gives it.
     *
     * @param tag   the value of the layout's i-th tag in this point, or null
     * @param field the value of the layout's i-th field in this point, or null
     * @param nanos the point's time, in nanoseconds
     */
    public static String line(Layout layout, EventKind kind, IntFunction<Object> tag, IntFunction<Object> field, long nanos) {
        String m = layout.measurement().literalText();
        StringBuilder line = new StringBuilder(LineProtocolEscaping.measurement(m));
        for (int i = 0; i < layout.tags().size(); i++) {
            TagSpec t = layout.tags().get(i);
            Object tv = tag.apply(i);
            if (tv != null && !tv.toString().isEmpty()) {
                line.append(',').append(LineProtocolEscaping.tag(t.key())).append('=').append(LineProtocolEscaping.tag(tv.toString()));
            }
        }
        StringBuilder fields = new StringBuilder();
        for (int i = 0; i < layout.fields().size(); i++) {
            FieldSpec f = layout.fields().get(i);
            Object fv = field.apply(i);
            if (fv == null) {
                continue;
            }
            ValueType type = kind.attribute(f.attribute()).map(Attribute::type).orElse(ValueType.STRING);
            fields.append(fields.length() == 0 ? "" : ",").append(LineProtocolEscaping.fieldKey(f.key().literalText()))
                .append('=').append(switch (type) {
                    case INTEGER -> fv + "i";
                    case UNSIGNED -> fv + "u";
                    case STRING -> LineProtocolEscaping.stringValue(fv.toString());
                    default -> fv.toString();
                });
        }
        return fields.length() == 0 ? null : line.append(' ').append(fields).append(' ').append(nanos).toString();
    }
}

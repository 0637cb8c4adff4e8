package dev.cardinal.projection;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import dev.cardinal.traffic.NdjsonDocuments;
import java.math.BigInteger;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The documents a layout writes to an OpenSearch or Elasticsearch index, one per row of a sample, as a writer
 * following the layout would send them: {@code @timestamp} the row's time (ISO 8601 in milliseconds, which the
 * engine's date detection maps as a date), each tag a string under its key (what a filter or a terms aggregation
 * reads), each field its value in its own JSON type under its rendered key, slot numbers included. A dotted key is
 * left dotted: the engine makes objects of it, as it does for the writer. An absent value, a slot whose name or
 * scope is absent (the slot writer gives it no slot), and a key that renders empty (a value past the last slot), leave
 * the key out. The measurement is the index, not part of a document.
 *
 * <p>Rows are rendered in file order (slot numbers follow the order the writer meets values).
 */
public final class LayoutDocuments {
    /** The key of a document's time. */
    public static final String TIME_KEY = "@timestamp";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Layout layout;
    private final EventKindSample sample;
    private final TemplateText templates;
    private final Column[] fieldColumns;
    private final ValueType[] fieldTypes;

    public LayoutDocuments(Layout layout, SampleIndex index) {
        this.layout = layout;
        this.sample = index.sample();
        this.templates = new TemplateText(index);
        this.fieldColumns = new Column[layout.fields().size()];
        this.fieldTypes = new ValueType[fieldColumns.length];
        for (int i = 0; i < fieldColumns.length; i++) {
            int a = templates.attribute(layout.fields().get(i).attribute());
            fieldColumns[i] = sample.column(a);
            fieldTypes[i] = sample.attributes().get(a).type();
        }
    }

    public int rows() {
        return sample.rows();
    }

    /** Row {@code row} as the document the layout writes, with its 1-based row number as its line. */
    public NdjsonDocuments.Document document(int row) {
        ObjectNode d = NODES.objectNode();
        long nanos = sample.timestamp(row);
        Instant at = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L))
            .truncatedTo(ChronoUnit.MILLIS);
        d.put(TIME_KEY, at.toString());
        for (TagSpec t : layout.tags()) {
            String value = templates.render(t.value(), row);
            if (!value.isEmpty()) {
                d.put(t.key(), value);
            }
        }
        for (int i = 0; i < fieldColumns.length; i++) {
            FieldSpec f = layout.fields().get(i);
            Column c = fieldColumns[i];
            if (!c.present(row) || !slotted(f.key(), row)) {
                continue;
            }
            String key = render(f.key(), row);
            if (key.isEmpty()) {
                continue;
            }
            switch (fieldTypes[i]) {
                case FLOAT -> {
                    double v = ((DoubleColumn) c).get(row);
                    if (Double.isFinite(v)) {
                        d.put(key, v);
                    }
                }
                case INTEGER -> d.put(key, ((LongColumn) c).get(row));
                case UNSIGNED -> {
                    long v = ((LongColumn) c).get(row);
                    d.set(key, v >= 0 ? NODES.numberNode(v) : NODES.numberNode(new BigInteger(Long.toUnsignedString(v))));
                }
                case BOOLEAN -> d.put(key, Boolean.parseBoolean(c.text(row)));
                default -> d.put(key, c.text(row));
            }
        }
        return new NdjsonDocuments.Document(row + 1L, d, nanos);
    }

    /**
     * Whether every slot in {@code key} has its name and scope in the row: the slot writer gives a null name or scope
     * no slot (it refuses it), so such a value has no key to go under and is not written.
     */
    private boolean slotted(Template key, int row) {
        for (Template.Part p : key.parts()) {
            if (p instanceof Template.SlotRef ref) {
                if (!sample.column(templates.attribute(ref.attribute())).present(row)) {
                    return false;
                }
                for (String s : ref.scope()) {
                    if (!sample.column(templates.attribute(s)).present(row)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private String render(Template key, int row) {
        return key.isLiteral() ? key.literalText() : templates.render(key, row);
    }

    /** Feeds every row's document, in file order, to {@code sink}. */
    public void writeTo(NdjsonDocuments.Sink sink) {
        for (int row = 0; row < sample.rows(); row++) {
            sink.accept(document(row));
        }
    }

    /**
     * The most fields {@code layout}'s documents can ever make, or {@link Long#MAX_VALUE} when a key takes an
     * attribute's value (open). Each key counts its dotted parents as objects (an upper bound: parents may be shared),
     * and a string value as text plus {@code .keyword}; a key of slot numbers counts once per combination of slots.
     */
    static long keyBound(Layout layout, EventKindSample sample) {
        try {
            return boundOrOverflow(layout, sample);
        } catch (ArithmeticException tooMany) {
            return Long.MAX_VALUE;
        }
    }

    private static long boundOrOverflow(Layout layout, EventKindSample sample) {
        long bound = 1; // @timestamp
        for (TagSpec t : layout.tags()) {
            bound = Math.addExact(bound, segments(t.key()) + 1L);
        }
        for (FieldSpec f : layout.fields()) {
            long keys = 1;
            for (Template.Part p : f.key().parts()) {
                if (p instanceof Template.Ref) {
                    return Long.MAX_VALUE;
                }
                if (p instanceof Template.SlotRef ref) {
                    if (ref.max() <= 0) {
                        return Long.MAX_VALUE;
                    }
                    keys = Math.multiplyExact(keys, ref.max());
                }
            }
            boolean text = sample.attribute(f.attribute()).map(a -> a.type() == ValueType.STRING).orElse(true);
            bound = Math.addExact(bound, Math.multiplyExact(keys, segments(f.key().pattern()) + (text ? 1L : 0L)));
        }
        return bound;
    }

    /** Dot-separated parts of a key: each but the last is an object, the last a leaf. */
    private static int segments(String key) {
        return key.split("\\.", -1).length;
    }

    /**
     * The mapping {@code layout} builds in an index under dynamic mapping from {@code index}'s rows, counted as the
     * engine counts it toward {@code totalFieldsLimit}, with the time to that limit.
     */
    public static MappingProjection project(Layout layout, SampleIndex index, long totalFieldsLimit) {
        MappingProjector projector = new MappingProjector(totalFieldsLimit).keyBound(keyBound(layout, index.sample()));
        new LayoutDocuments(layout, index).writeTo(projector);
        return projector.result();
    }
}

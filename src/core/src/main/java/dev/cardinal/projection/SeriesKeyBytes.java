package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.IdColumn;

/** Sums the sizes that drive the index memory model over series, given one row of each. */
final class SeriesKeyBytes {
    private final SampleIndex index;
    private final TemplateText text;
    private final Layout layout;
    /** Measurement id per row (-1: none), or null when the name is literal. */
    private final int[] measurementOfRow;
    private final boolean named;
    private final IdColumn[] ids;
    private final int[][] lengths;
    private final long[] nameBytes;
    private final long[] keyLengths;
    long keyBytes;
    long tagPairs;
    long tagBytes;

    SeriesKeyBytes(SampleIndex index, TemplateText text, Layout layout, int[] measurementOfRow, String[] names, boolean named) {
        this.index = index;
        this.text = text;
        this.layout = layout;
        this.measurementOfRow = measurementOfRow;
        this.named = named;
        int tags = layout.tags().size();
        ids = new IdColumn[tags];
        lengths = new int[tags][];
        keyLengths = new long[tags];
        for (int i = 0; i < tags; i++) {
            TagSpec t = layout.tags().get(i);
            keyLengths[i] = utf8Length(t.key());
            if (t.value().singleRef().isPresent()) {
                int a = text.attribute(t.value().singleRef().get());
                ids[i] = index.ids(a);
                lengths[i] = index.lengths(a);
            }
        }
        nameBytes = new long[names.length];
        for (int i = 0; i < nameBytes.length; i++) {
            nameBytes[i] = utf8Length(names[i]) + escapes(names[i], ", ");
        }
        escapes = new int[tags][];
        keyEscapes = new long[tags];
        for (int i = 0; i < tags; i++) {
            keyEscapes[i] = escapes(layout.tags().get(i).key(), TAG_ESCAPED);
            keyLengths[i] += keyEscapes[i];
            if (ids[i] != null) {
                escapes[i] = escapesPerId(text.attribute(layout.tags().get(i).value().singleRef().get()));
            }
        }
    }

    /** Characters line protocol escapes with a backslash in a tag key or value, which the series key keeps. */
    private static final String TAG_ESCAPED = ",= ";

    /** Per tag, the backslashes its key gains in a series key (the index's tags hold it unescaped). */
    private final long[] keyEscapes;

    /** Per tag, the backslashes each value id gains in the series key, or null when no value has any. */
    private final int[][] escapes;

    static int escapes(String s, String escaped) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (escaped.indexOf(s.charAt(i)) >= 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * Backslashes per value id of attribute {@code a} in a series key; null (nothing to add) unless the sample's
     * dictionary holds a value with a character to escape, which is rare: only then are the rows read for the ids.
     */
    private int[] escapesPerId(int a) {
        if (!(index.sample().column(a) instanceof dev.cardinal.traffic.DictionaryColumn d)) {
            return null;
        }
        if (!d.dictionary().holdsAnyOf(TAG_ESCAPED)) {
            return null;
        }
        int[] out = new int[index.distinct(a) + 1];
        boolean[] done = new boolean[out.length];
        IdColumn column = index.ids(a);
        for (int r = 0; r < index.rows(); r++) {
            int id = column.get(r);
            if (id != 0 && !done[id]) {
                done[id] = true;
                out[id] = escapes(d.text(r), TAG_ESCAPED);
            }
        }
        return out;
    }

    /**
     * For keys that pack every tag's value id (a literal measurement name, plain tags); for a collapse's entries,
     * lengths are read along the entries where the collapse holds them ({@code entryLengths}: one array per of
     * {@code attrs} or null, see {@link Collapse#entryLengths}).
     */
    Unpacked unpacked(int[] attrs, int[] widths, byte[][] entryLengths) {
        int[] shift = new int[ids.length];
        long[] mask = new long[ids.length];
        byte[][] small = new byte[ids.length][];
        int[] fixed = new int[ids.length];
        byte[][] along = new byte[ids.length][];
        for (int i = 0; i < ids.length; i++) {
            int a = text.attribute(layout.tags().get(i).value().singleRef().orElseThrow());
            small[i] = index.shortLengths(a);
            fixed[i] = index.fixedLength(a);
            int below = 0;
            int j = attrs.length - 1;
            while (attrs[j] != a) {
                below += widths[j--];
            }
            shift[i] = below;
            mask[i] = (1L << widths[j]) - 1;
            along[i] = entryLengths == null ? null : entryLengths[j];
        }
        return new Unpacked(shift, mask, small, fixed, along);
    }

    /**
     * The sizes of series given by their packed keys, tallied on its own so that walkers over different partitions
     * each have one; {@link #absorb} adds a walker's tallies to the whole.
     */
    final class Unpacked {
        private long keyBytes;
        private long tagPairs;
        private long tagBytes;
        private final int[] shift;
        private final long[] mask;
        /** Value lengths in a byte where they fit, else null (and {@code lengths} serves). */
        private final byte[][] small;
        /** The length all values of a tag share, or -1 (then it is looked up). */
        private final int[] fixed;
        /** Value lengths per entry of a collapse, or null (then looked up by id). */
        private final byte[][] along;

        Unpacked(int[] shift, long[] mask, byte[][] small, int[] fixed, byte[][] along) {
            this.shift = shift;
            this.mask = mask;
            this.small = small;
            this.fixed = fixed;
            this.along = along;
        }

        /** Adds the series of {@code key}, the {@code entry}-th of a collapse's entries (if {@link #along} is given). */
        void add(long key, int entry) {
            keyBytes += nameBytes.length == 0 ? 0 : nameBytes[0];
            for (int i = 0; i < shift.length; i++) {
                int id = (int) ((key >>> shift[i]) & mask[i]);
                long v = fixed[i] >= 0 ? (id == 0 ? 0 : fixed[i])
                    : along[i] != null ? along[i][entry] & 0xFF
                    : small[i] != null ? small[i][id] & 0xFF : lengths[i][id];
                if (v > 0) {
                    long k = keyLengths[i];
                    tagPairs++;
                    tagBytes += k + v - keyEscapes[i];
                    keyBytes += 2 + k + v + (escapes[i] == null ? 0 : escapes[i][id]);
                }
            }
        }
    }

    /** Adds what {@code u} tallied. */
    void absorb(Unpacked u) {
        keyBytes += u.keyBytes;
        tagPairs += u.tagPairs;
        tagBytes += u.tagBytes;
    }

    /** Adds the series of {@code row}. */
    void add(int row) {
        keyBytes += nameBytes.length == 0 ? 0 : nameBytes[Math.max(0, measurementOf(row))];
        for (int i = 0; i < ids.length; i++) {
            long v;
            long escaped;
            if (ids[i] != null) {
                int id = ids[i].get(row);
                v = lengths[i][id];
                escaped = escapes[i] == null ? 0 : escapes[i][id];
            } else {
                String rendered = text.render(layout.tags().get(i).value(), row);
                v = utf8Length(rendered);
                escaped = escapes(rendered, TAG_ESCAPED);
            }
            if (v > 0) {
                long k = keyLengths[i];
                tagPairs++;
                tagBytes += k + v - keyEscapes[i];
                keyBytes += 2 + k + v + escaped;
            }
        }
    }

    private int measurementOf(int row) {
        return measurementOfRow == null ? (named ? 0 : -1) : measurementOfRow[row];
    }

    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }
}

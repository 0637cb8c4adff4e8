package dev.cardinal.traffic;

/**
 * Appends the rows of a column read from a later part of a file to the same attribute's column so far, as if they
 * had been written after its rows one by one: a dictionary takes the chunk's values in the order the chunk met them
 * (so ids stay in order of first sight over the whole file) and the chunk's ids are mapped to its ids.
 */
final class ColumnAppend {
    private ColumnAppend() {
    }

    /** Writes {@code rows} rows of {@code from} to {@code into} from row {@code base} on; both of the same type. */
    static void append(Column into, Column from, int base, int rows) {
        if (into instanceof DictionaryColumn d) {
            appendIds(d, (DictionaryColumn) from, base, rows);
        } else if (into instanceof LongColumn l) {
            LongColumn f = (LongColumn) from;
            for (int r = 0; r < rows; r++) {
                if (f.present(r)) {
                    l.set(base + r, f.get(r));
                }
            }
        } else {
            DoubleColumn d = (DoubleColumn) into;
            DoubleColumn f = (DoubleColumn) from;
            for (int r = 0; r < rows; r++) {
                if (f.present(r)) {
                    d.set(base + r, f.get(r));
                }
            }
        }
    }

    private static void appendIds(DictionaryColumn into, DictionaryColumn from, int base, int rows) {
        ByteDictionary values = from.dictionary();
        int[] idOf = new int[values.size() + 1];
        for (int id = 1; id <= values.size(); id++) {
            idOf[id] = into.dictionary().getOrAdd(values, id);
        }
        IdColumn ids = from.ids();
        IdColumn to = into.ids();
        for (int r = 0; r < rows; r++) {
            int id = ids.get(r);
            if (id != 0) {
                to.set(base + r, idOf[id]);
            }
        }
    }
}

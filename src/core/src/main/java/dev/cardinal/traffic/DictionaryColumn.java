package dev.cardinal.traffic;

/** A string or boolean attribute: a dictionary of distinct values and one id per row (0 = absent). */
public final class DictionaryColumn implements Column {
    private final ByteDictionary dictionary = new ByteDictionary();
    private final IdColumn ids;

    DictionaryColumn(int capacity) {
        ids = new IdColumn(capacity);
    }

    public ByteDictionary dictionary() {
        return dictionary;
    }

    public IdColumn ids() {
        return ids;
    }

    public int id(int row) {
        return ids.get(row);
    }

    /** Sets the row's value; true when the value is new to the dictionary (which then grew by it). */
    boolean set(int row, byte[] buf, int off, int len) {
        int known = dictionary.size();
        int id = dictionary.getOrAdd(buf, off, len);
        ids.set(row, id);
        return id > known;
    }

    @Override
    public boolean present(int row) {
        return ids.get(row) != 0;
    }

    @Override
    public String text(int row) {
        int id = ids.get(row);
        return id == 0 ? null : dictionary.value(id);
    }

    /** Readers only add values they write, so the dictionary holds exactly the distinct values present. */
    @Override
    public long distinct() {
        return dictionary.size();
    }

    @Override
    public int bytesPerRow() {
        return ids.width();
    }

    @Override
    public long footprintBytes() {
        return ids.footprintBytes() + dictionary.footprintBytes();
    }

    @Override
    public void ensureCapacity(int rows) {
        ids.ensureCapacity(rows);
    }

    @Override
    public void trim(int rows) {
        ids.trim(rows);
        dictionary.trim();
    }
}

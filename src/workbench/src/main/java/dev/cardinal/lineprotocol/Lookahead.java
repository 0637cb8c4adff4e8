package dev.cardinal.lineprotocol;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** An iterator over a supplier that returns {@code null} at the end. */
final class Lookahead<T> implements Iterator<T> {
    private final java.util.function.Supplier<T> next;
    private T ahead;
    private boolean done;

    Lookahead(java.util.function.Supplier<T> next) {
        this.next = next;
    }

    @Override
    public boolean hasNext() {
        if (ahead == null && !done) {
            ahead = next.get();
            done = ahead == null;
        }
        return ahead != null;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T t = ahead;
        ahead = null;
        return t;
    }
}

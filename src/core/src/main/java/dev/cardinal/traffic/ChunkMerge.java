package dev.cardinal.traffic;

import java.util.Optional;

/**
 * Merges chunks of one file, each read on its own ({@link LineProtocolReader#readChunk}), in file order into one
 * builder that holds exactly what reading the whole file on one thread gives: kinds, attributes and dictionary values
 * in order of first sight, rows in file order, problems and warnings in order with their line numbers. Where the
 * one-thread read would have decided a line by an earlier chunk, the merge cannot repair it and says why instead
 * ({@link #add} returns a reason): the caller then reads the file on one thread.
 */
final class ChunkMerge {
    private final SampleBuilder into;
    private final String file;
    /** The file's line the next chunk starts on: each chunk counts its lines from its own start. */
    private long firstLine = 1;
    private long lastSeenLine = -1;
    private String seenAt;

    ChunkMerge(SampleBuilder into, String file) {
        this.into = into;
        this.file = file;
    }

    SampleBuilder result() {
        return into;
    }

    /**
     * Appends the next chunk; empty when done, else why the chunks cannot stand for a one-thread read (the builder is
     * then left part-way and must be dropped).
     */
    Optional<String> add(SampleBuilder chunk, ChunkEnd end) {
        if (chunk.capped()) {
            return Optional.of("a chunk reached the row cap or memory budget on its own");
        }
        var kinds = chunk.kinds();
        for (int k = 0; k < kinds.size(); k++) {
            EventKindBuilder local = kinds.get(k);
            byte[] name = chunk.kindName(k);
            EventKindBuilder global = into.kind(name, 0, name.length);
            Optional<String> refused = append(local, global, end);
            if (refused.isPresent()) {
                return refused;
            }
        }
        into.appendCounts(chunk, firstLine - 1);
        firstLine += end.lines();
        return Optional.empty();
    }

    private Optional<String> append(EventKindBuilder local, EventKindBuilder global,
        ChunkEnd end) {
        int before = global.attributeCount();
        byte[][] keys = local.rawKeys();
        int[] attributeOf = new int[keys.length];
        for (int a = 0; a < keys.length; a++) {
            SampleAttribute attribute = local.attributeAt(a);
            long seenLine = firstLine + local.firstSeenLine(a) - 1;
            if (seenLine != lastSeenLine) {
                // the attributes of one line share one place, as the reader gives them
                lastSeenLine = seenLine;
                seenAt = file + ":" + seenLine;
            }
            byte[] key = keys[a];
            int known = global.find(key, 0, key.length, attribute.arrivedAsTag());
            if (known >= 0 && global.type(known) != attribute.type()) {
                // the one-thread read refused this chunk's first line of the field, for its type first seen earlier
                return Optional.of("field '" + attribute.key() + "' of " + global.name() + " is "
                    + global.type(known).id() + " since " + global.firstSeen(known) + " and "
                    + attribute.type().id() + " from " + seenAt);
            }
            attributeOf[a] = global.attributeSeenAt(key, 0, key.length, attribute.arrivedAsTag(), attribute.type(),
                seenAt, seenLine);
        }
        for (TypeConflict c : end.conflictsWithEarlierLines()) {
            if (c.kind() == local && attributeOf[c.attribute()] < before) {
                // the line was refused rightly, but its reason names where the chunk first saw the field
                return Optional.of("a type conflict on field '" + local.attributeAt(c.attribute()).key() + "' of "
                    + global.name() + ", which an earlier chunk had");
            }
        }
        global.append(local, attributeOf);
        return Optional.empty();
    }

    /** Why the merged rows might not be what one thread reads within the builder's limits, or empty. */
    Optional<String> beyondLimits() {
        SampleLimits limits = into.limits();
        if (into.rowCount() >= limits.maxRows()) {
            return Optional.of("the row cap of " + limits.maxRows() + " rows");
        }
        long most = into.mostFootprint();
        if (most > limits.maxBytes()) {
            return Optional.of("the memory budget of " + (limits.maxBytes() >> 20) + " MiB, which a read on one"
                + " thread might reach (it could hold up to " + (most >> 20) + " MiB)");
        }
        return Optional.empty();
    }
}

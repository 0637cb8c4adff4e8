package dev.cardinal.traffic;

/**
 * A field whose line was refused for a type first seen on an earlier line of the same chunk: the message names
 * that line, which is right only when no earlier chunk had the field (see {@link ParallelLineProtocol}).
 */
record TypeConflict(EventKindBuilder kind, int attribute) {
}

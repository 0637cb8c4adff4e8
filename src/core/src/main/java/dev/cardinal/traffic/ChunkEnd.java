package dev.cardinal.traffic;

import java.util.List;

/**
 * What reading one chunk of a file leaves for the merge in file order ({@link ParallelLineProtocol}): besides how
 * it ended, the physical lines it read, so that the next chunk's first line is known without counting newlines.
 */
record ChunkEnd(boolean endedAtNewline, long goodLines, List<TypeConflict> conflictsWithEarlierLines, long lines) {
}

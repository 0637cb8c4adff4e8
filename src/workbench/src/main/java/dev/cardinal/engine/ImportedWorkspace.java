package dev.cardinal.engine;

import dev.cardinal.model.Workspace;
import java.util.List;
import java.util.Map;

/**
 * A workspace read from a live server, with what the workspace file has no place for.
 *
 * @param workspace the imported workspace (samples bound by the caller)
 * @param tagValues measurement to tag key to its distinct values on the server
 * @param notes     what could not be imported, and why
 */
public record ImportedWorkspace(Workspace workspace, Map<String, Map<String, Long>> tagValues, List<String> notes) {
    public ImportedWorkspace {
        tagValues = Map.copyOf(tagValues);
        notes = List.copyOf(notes);
    }
}

package dev.cardinal.compare;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;

/**
 * One side of a review: a layout, the workspace it belongs to (its event kind, rollups and database), and where that
 * workspace came from ("this workspace", another file, or a git revision of one).
 *
 * @param workspace the workspace the layout is read from
 * @param layout    the layout
 * @param origin    where the workspace came from, as a reader would name it; null for the workspace being edited
 */
public record Side(Workspace workspace, Layout layout, String origin) {

    public Side {
        if (workspace.layout(layout.id()).isEmpty()) {
            throw new IllegalArgumentException("layout " + layout.id() + " is not in workspace " + workspace.name());
        }
    }

    /** A layout of the workspace being edited. */
    public static Side of(Workspace workspace, Layout layout) {
        return new Side(workspace, layout, null);
    }

    /** The event kind the layout stores, as its own workspace defines it. */
    public EventKind eventKind() {
        return workspace.eventKind(layout.eventKind()).orElseThrow(
            () -> new IllegalArgumentException("workspace " + workspace.name() + " has no event kind " + layout.eventKind()));
    }

    /** The layout's name, followed by its origin when it has one: "ids-as-tags (HEAD~1)". */
    public String label() {
        return origin == null ? layout.name() : layout.name() + " (" + origin + ")";
    }
}

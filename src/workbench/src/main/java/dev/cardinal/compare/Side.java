package dev.cardinal.compare;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import java.nio.file.Path;

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

    /**
     * How the workspace in {@code file} (as it was at git {@code revision}, when not null) is named beside the one being
     * edited, {@code current}: "proposal.cardinal.json" for another file, "HEAD" for a revision of the current one,
     * "HEAD of proposal.cardinal.json" for a revision of another.
     */
    public static String origin(Path file, String revision, Path current) {
        String name = String.valueOf(file.getFileName());
        if (revision == null) {
            return name;
        }
        return current != null && file.toAbsolutePath().normalize().equals(current.toAbsolutePath().normalize()) ? revision
            : revision + " of " + name;
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

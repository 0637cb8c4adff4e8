package dev.cardinal.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a user saves: event kinds, named layouts (variants), bound sample files, rollup plans, targets and canvas
 * positions. Immutable; edits return a new workspace.
 */
public record Workspace(String name, List<EventKind> eventKinds, List<Layout> layouts, List<SampleBinding> samples,
                        List<Rollup> rollups, List<Target> targets, Map<String, Position> canvas) {

    /**
     * The newest file format this build reads and writes; files with a higher version are refused. Format 2 added a
     * target's server version and limits; a workspace that uses neither is still written as format 1, so older
     * builds keep reading it, and one that does is refused by them instead of losing its limits on their next save.
     * Format 3 added document targets (OpenSearch, Elasticsearch), which a format-2 reader would refuse as an
     * unknown kind without saying that a newer Cardinal wrote them. Format 4 added what an imported continuous query
     * says beyond Cardinal's own (a rollup's {@code query}, an aggregate's {@code as}), which an older build would
     * drop with a warning and then plan as a destructive replace, and a rollup's owner (the report per owner), which
     * it would drop on its next save. Format 5 added an event kind's origin (a Prometheus metric), without which an
     * older build would plan and generate the metric's series as {@code metric_value} and drop the origin on its next
     * save.
     */
    public static final int FORMAT_VERSION = 5;

    public Workspace {
        eventKinds = List.copyOf(eventKinds);
        layouts = List.copyOf(layouts);
        samples = List.copyOf(samples);
        rollups = List.copyOf(rollups);
        targets = List.copyOf(targets);
        canvas = java.util.Collections.unmodifiableMap(new TreeMap<>(canvas));
    }

    /** The oldest format that holds everything in this workspace: what it is written as. */
    public int formatVersion() {
        if (eventKinds.stream().anyMatch(k -> k.origin() != EventKind.Origin.RECORD)) {
            return 5;
        }
        if (rollups.stream().anyMatch(r -> r.query() != null || r.owner() != null
            || r.aggregates().stream().anyMatch(a -> a.as() != null))) {
            return 4;
        }
        if (targets.stream().anyMatch(t -> t.kind().isDocument())) {
            return 3;
        }
        return targets.stream().allMatch(Target::fitsFormat1) ? 1 : 2;
    }

    public static Workspace empty(String name) {
        return new Workspace(name, List.of(), List.of(), List.of(), List.of(), List.of(), Map.of());
    }

    public Optional<EventKind> eventKind(String kindName) {
        return eventKinds.stream().filter(k -> k.name().equals(kindName)).findFirst();
    }

    public Optional<Layout> layout(String id) {
        return layouts.stream().filter(l -> l.id().equals(id)).findFirst();
    }

    /** Finds a layout by id, or else by display name. */
    public Optional<Layout> layoutByIdOrName(String idOrName) {
        return layout(idOrName).or(() -> layouts.stream().filter(l -> l.name().equals(idOrName)).findFirst());
    }

    public List<Layout> layoutsOf(String kindName) {
        return layouts.stream().filter(l -> l.eventKind().equals(kindName)).toList();
    }

    public Workspace withName(String newName) {
        return new Workspace(newName, eventKinds, layouts, samples, rollups, targets, canvas);
    }

    public Workspace withLayout(Layout changed) {
        List<Layout> next = layouts.stream().map(l -> l.id().equals(changed.id()) ? changed : l).toList();
        if (next.equals(layouts) && layout(changed.id()).isEmpty()) {
            next = new java.util.ArrayList<>(layouts);
            next.add(changed);
        }
        return new Workspace(name, eventKinds, next, samples, rollups, targets, canvas);
    }

    public Workspace withCanvasPosition(String layoutId, Position position) {
        Map<String, Position> next = new TreeMap<>(canvas);
        next.put(layoutId, position);
        return new Workspace(name, eventKinds, layouts, samples, rollups, targets, next);
    }

    /**
     * The layout {@code oldId} under the id {@code newId}, and everything that names it (its rollups, its place on the
     * canvas) following it; unchanged when there is no such layout or the new id is taken.
     */
    public Workspace withLayoutId(String oldId, String newId) {
        if (layout(oldId).isEmpty() || layout(newId).isPresent()) {
            return this;
        }
        List<Layout> nextLayouts = layouts.stream().map(l -> !l.id().equals(oldId) ? l
            : new Layout(newId, l.name(), l.eventKind(), l.measurement(), l.tags(), l.fields(), l.retention())).toList();
        List<Rollup> nextRollups = rollups.stream().map(r -> !r.layout().equals(oldId) ? r
            : new Rollup(r.id(), r.name(), newId, r.window(), r.aggregates(), r.groupBy(), r.destination(), r.query(), r.owner()))
            .toList();
        Map<String, Position> nextCanvas = new TreeMap<>(canvas);
        Position at = nextCanvas.remove(oldId);
        if (at != null) {
            nextCanvas.put(newId, at);
        }
        return new Workspace(name, eventKinds, nextLayouts, samples, nextRollups, targets, nextCanvas);
    }
}

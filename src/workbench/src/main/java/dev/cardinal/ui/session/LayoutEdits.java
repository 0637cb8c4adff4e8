package dev.cardinal.ui.session;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.TemplateException;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SchemaInference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The edits a user makes to layouts and the canvas, each one undoable step of the {@link EditHistory} with a
 * description ("make user_id a field"). An edit of a layout selects it.
 */
public final class LayoutEdits {
    /** How far to the right of the rightmost card a new card goes, and how far below a duplicated one. */
    private static final double CARD_STEP = 300;

    private final EditHistory history;
    private final Supplier<Layout> selected;
    private final Consumer<Layout> select;
    private final Consumer<String> status;

    /**
     * @param selected the selected layout (null when none)
     * @param select   selects a layout
     * @param status   says in the status bar why an edit could not be made
     */
    LayoutEdits(EditHistory history, Supplier<Layout> selected, Consumer<Layout> select, Consumer<String> status) {
        this.history = history;
        this.selected = selected;
        this.select = select;
        this.status = status;
    }

    private Layout layout(String layoutId) {
        Workspace ws = history.current();
        return ws == null ? null : ws.layout(layoutId).orElse(null);
    }

    /**
     * Gives an attribute a plain role in the selected layout, as one undoable edit ("make user_id a field").
     *
     * @return false when there is no selected layout or the attribute already has that role
     */
    public boolean setRole(String attribute, Role role) {
        Layout layout = selected.get();
        return layout != null && setRole(layout.id(), attribute, role);
    }

    /** Gives an attribute a plain role in the layout {@code layoutId} (which becomes the selected one), as one undoable edit. */
    public boolean setRole(String layoutId, String attribute, Role role) {
        Layout layout = layout(layoutId);
        if (layout == null) {
            return false;
        }
        if (!layout.equals(selected.get())) {
            select.accept(layout);
        }
        if (layout.roleOf(attribute) == role) {
            return false;
        }
        String description = switch (role) {
            case TAG -> "make " + attribute + " a tag";
            case FIELD -> "make " + attribute + " a field";
            case DROPPED -> "drop " + attribute + " from " + layout.name();
            case IN_TEMPLATE -> throw new IllegalArgumentException("IN_TEMPLATE follows from templates; edit a template instead");
        };
        return history.apply(description, w -> w.withLayout(w.layout(layoutId).orElse(layout).withRole(attribute, role)));
    }

    /** A layout id not used in {@code ws}: {@code base}, else {@code base-2}, {@code base-3}, … */
    private static String freeId(Workspace ws, String base) {
        String id = base;
        for (int n = 2; ws.layout(id).isPresent(); n++) {
            id = base + "-" + n;
        }
        return id;
    }

    /**
     * Adds a layout of {@code eventKind} that writes every attribute as a field under the event kind's name (so
     * nothing is indexed until the user drags attributes to Tags), selects it, as one undoable edit.
     *
     * @return the new layout's id, or null when there is no such event kind
     */
    public String newLayout(String eventKind) {
        Workspace ws = history.current();
        EventKind kind = ws == null ? null : ws.eventKind(eventKind).orElse(null);
        if (kind == null) {
            return null;
        }
        String id = freeId(ws, SchemaInference.slug(eventKind) + "-layout");
        Layout layout = new Layout(id, id, eventKind, Template.literal(eventKind), List.of(),
            kind.attributes().stream().map(a -> FieldSpec.of(a.name())).toList(), RetentionPlan.AUTOGEN);
        double right = ws.canvas().values().stream().mapToDouble(Position::x).max().orElse(-CARD_STEP) + CARD_STEP;
        history.apply("new layout " + id, w -> w.withLayout(layout).withCanvasPosition(id, new Position(right, 20)));
        select(id);
        return id;
    }

    /**
     * Copies a layout under a new id and the name "NAME copy", its card beside the original's, and selects the copy:
     * how a user tries a variant of a layout against the one they have.
     *
     * @return the copy's id, or null when there is no such layout
     */
    public String duplicateLayout(String layoutId) {
        Layout layout = layout(layoutId);
        if (layout == null) {
            return null;
        }
        Workspace ws = history.current();
        String id = freeId(ws, layout.id() + "-copy");
        String name = freeName(ws, layout.name() + " copy");
        Position at = ws.canvas().get(layoutId);
        double right = ws.canvas().values().stream().mapToDouble(Position::x).max().orElse(-CARD_STEP) + CARD_STEP;
        Position place = at == null ? new Position(right, 20) : new Position(right, at.y());
        Layout copy = new Layout(id, name, layout.eventKind(), layout.measurement(), layout.tags(), layout.fields(), layout.retention());
        history.apply("duplicate " + layout.name(), w -> w.withLayout(copy).withCanvasPosition(id, place));
        select(id);
        return id;
    }

    private static String freeName(Workspace ws, String base) {
        String name = base;
        for (int n = 2; nameTaken(ws, name); n++) {
            name = base + " " + n;
        }
        return name;
    }

    private static boolean nameTaken(Workspace ws, String name) {
        return ws.layouts().stream().anyMatch(l -> l.name().equals(name));
    }

    /** Renames a layout (its id stays), as an undoable edit. */
    public boolean renameLayout(String layoutId, String name) {
        Layout layout = layout(layoutId);
        if (layout == null || name.isBlank() || name.strip().equals(layout.name())) {
            return false;
        }
        String newName = name.strip();
        Workspace ws = history.current();
        // an id Cardinal made from the name (a new or duplicated layout's) follows the name, so that the generated
        // files and code say the name the user gave; an id the user wrote stays, as files elsewhere may name it
        String newId = madeFromName(layout) ? freeId(ws, SchemaInference.slug(newName)) : layoutId;
        boolean renamed = history.apply("rename " + layout.name() + " to " + newName,
            w -> w.withLayout(layout.withName(newName)).withLayoutId(layoutId, newId));
        if (renamed && !newId.equals(layoutId)) {
            select(newId);
        }
        return renamed;
    }

    /** Whether the layout's id is one Cardinal derived from its name: its slug, or a duplicate's ({@code -copy}). */
    private static boolean madeFromName(Layout layout) {
        String id = layout.id();
        return id.equals(SchemaInference.slug(layout.name())) || id.equals(layout.name()) || id.matches(".*-copy(-\\d+)?");
    }

    /**
     * Unbinds the sample {@code sampleId} (its file stays where it is), as an undoable edit: the traffic shown follows,
     * so its rows leave every number, or its summary stops giving them.
     */
    public boolean removeSample(String sampleId) {
        Workspace ws = history.current();
        if (ws == null || ws.samples().stream().noneMatch(b -> b.id().equals(sampleId))) {
            return false;
        }
        dev.cardinal.model.SampleBinding gone = ws.samples().stream().filter(b -> b.id().equals(sampleId)).findFirst().orElseThrow();
        List<dev.cardinal.model.SampleBinding> samples = ws.samples().stream().filter(b -> !b.id().equals(sampleId)).toList();
        return history.apply("remove sample " + gone.path(), w -> new Workspace(w.name(), w.eventKinds(), w.layouts(), samples,
            w.rollups(), w.targets(), w.canvas()));
    }

    /** Adds a target, or replaces the one with its id, as an undoable edit. */
    public boolean putTarget(dev.cardinal.model.Target target) {
        Workspace ws = history.current();
        if (ws == null) {
            return false;
        }
        List<dev.cardinal.model.Target> targets = new java.util.ArrayList<>(ws.targets());
        int at = targets.stream().map(dev.cardinal.model.Target::id).toList().indexOf(target.id());
        if (at >= 0 && targets.get(at).equals(target)) {
            return false;
        }
        if (at >= 0) {
            targets.set(at, target);
        } else {
            targets.add(target);
        }
        return history.apply((at >= 0 ? "change target " : "add target ") + target.name(), w -> new Workspace(w.name(),
            w.eventKinds(), w.layouts(), w.samples(), w.rollups(), targets, w.canvas()));
    }

    /**
     * Deletes a layout, as an undoable edit.
     *
     * @return why it cannot be deleted (a rollup reads it), or null when it was deleted
     */
    public String deleteLayout(String layoutId) {
        Workspace ws = history.current();
        Layout layout = layout(layoutId);
        if (layout == null) {
            return "there is no layout " + layoutId;
        }
        List<String> readers = ws.rollups().stream().filter(r -> r.layout().equals(layoutId)).map(Rollup::name).toList();
        if (!readers.isEmpty()) {
            return "rollup " + String.join(", ", readers) + " reads " + layout.name() + "; delete or move the rollup first";
        }
        history.apply("delete " + layout.name(), w -> {
            Map<String, Position> canvas = new TreeMap<>(w.canvas());
            canvas.remove(layoutId);
            return new Workspace(w.name(), w.eventKinds(), w.layouts().stream().filter(l -> !l.id().equals(layoutId)).toList(),
                w.samples(), w.rollups(), w.targets(), canvas);
        });
        return null;
    }

    /**
     * Sets a layout's measurement name, a literal or a template such as {@code {crop}.{region}}, as an undoable edit.
     *
     * @throws TemplateException when the pattern is not a template, or names an attribute the event kind does not have
     */
    public boolean setMeasurement(String layoutId, String pattern) throws TemplateException {
        Layout layout = layout(layoutId);
        if (layout == null) {
            return false;
        }
        Template t = checked(layout, pattern);
        return history.apply("measurement of " + layout.name() + " = " + pattern, w -> w.withLayout(layout.withMeasurement(t)));
    }

    /**
     * Adds a templated tag, e.g. key {@code plot} with value {@code plot-{plot}.{region}}, as an undoable edit; a tag
     * with that key is replaced.
     *
     * @throws TemplateException when the value is not a template or names a missing attribute
     */
    public boolean putTag(String layoutId, String key, String valuePattern) throws TemplateException {
        Layout layout = layout(layoutId);
        if (layout == null || key.isBlank()) {
            return false;
        }
        Template t = checked(layout, valuePattern);
        List<TagSpec> tags = new ArrayList<>(layout.tags());
        tags.removeIf(x -> x.key().equals(key.strip()));
        tags.add(new TagSpec(key.strip(), t));
        return history.apply("tag " + key.strip() + " = " + valuePattern, w -> w.withLayout(layout.withTags(tags)));
    }

    /**
     * Adds a field whose key is a template, e.g. {@code {crop}.temp} storing {@code temp}, as an undoable edit; a
     * field with that key is replaced.
     *
     * @throws TemplateException when the key is not a template, or it or the attribute is missing
     */
    public boolean putField(String layoutId, String keyPattern, String attribute) throws TemplateException {
        Layout layout = layout(layoutId);
        if (layout == null) {
            return false;
        }
        Template key = checked(layout, keyPattern);
        checked(layout, "{" + attribute.strip() + "}");
        List<FieldSpec> fields = new ArrayList<>(layout.fields());
        fields.removeIf(f -> f.key().pattern().equals(key.pattern()));
        fields.add(new FieldSpec(key, attribute.strip()));
        return history.apply("field " + keyPattern + " = " + attribute.strip(), w -> w.withLayout(layout.withFields(fields)));
    }

    /**
     * Writes an attribute under another key in a layout, in its place (user_id as uid: tag {@code uid = {user_id}}, or
     * field {@code uid = user_id}), as one undoable edit: one Ctrl+Z gives the plain key back.
     *
     * @throws TemplateException when the new key is not a usable key (a field key is a template)
     */
    public boolean renameKey(String layoutId, String attribute, String newKey) throws TemplateException {
        Layout layout = layout(layoutId);
        String key = newKey.strip();
        if (layout == null || key.isEmpty() || key.equals(attribute)) {
            return false;
        }
        List<TagSpec> tags = new ArrayList<>(layout.tags());
        List<FieldSpec> fields = new ArrayList<>(layout.fields());
        int tag = indexOf(tags, t -> t.key().equals(attribute) && t.isPlain());
        int field = indexOf(fields, f -> f.isPlain() && f.attribute().equals(attribute));
        if (tag >= 0) {
            tags.removeIf(t -> t.key().equals(key));
            tags.set(indexOf(tags, t -> t.key().equals(attribute)), new TagSpec(key, checked(layout, "{" + attribute + "}")));
        } else if (field >= 0) {
            Template k = checked(layout, key);
            fields.removeIf(f -> f.key().pattern().equals(k.pattern()));
            fields.set(indexOf(fields, f -> f.isPlain() && f.attribute().equals(attribute)), new FieldSpec(k, attribute));
        } else {
            return false;
        }
        return history.apply("write " + attribute + " as " + key + " in " + layout.name(),
            w -> w.withLayout(layout.withTags(tags).withFields(fields)));
    }

    private static <T> int indexOf(List<T> list, java.util.function.Predicate<T> p) {
        for (int i = 0; i < list.size(); i++) {
            if (p.test(list.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Removes the tag with {@code key}, or the field whose key pattern is {@code key}, as an undoable edit. */
    public boolean removeTagOrField(String layoutId, String key) {
        Layout layout = layout(layoutId);
        if (layout == null) {
            return false;
        }
        List<TagSpec> tags = layout.tags().stream().filter(t -> !t.key().equals(key)).toList();
        List<FieldSpec> fields = layout.fields().stream().filter(f -> !f.key().pattern().equals(key)).toList();
        return history.apply("remove " + key + " from " + layout.name(), w -> w.withLayout(layout.withTags(tags).withFields(fields)));
    }

    /** Parses a template and checks that the layout's event kind has every attribute it names. */
    private Template checked(Layout layout, String pattern) throws TemplateException {
        Template t = Template.parse(pattern);
        EventKind kind = history.current().eventKind(layout.eventKind()).orElseThrow();
        for (String a : t.attributes()) {
            if (kind.attributes().stream().noneMatch(x -> x.name().equals(a))) {
                throw new TemplateException(pattern, Math.max(0, pattern.indexOf("{" + a)), layout.eventKind() + " has no attribute " + a);
            }
        }
        return t;
    }

    private void select(String layoutId) {
        Workspace ws = history.current();
        if (ws != null) {
            ws.layout(layoutId).filter(l -> !l.equals(selected.get())).ifPresent(select);
        }
    }

    /** Moves a layout's card on the canvas, as an undoable edit. */
    public boolean moveCard(String layoutId, Position to) {
        Workspace ws = history.current();
        String name = ws == null ? layoutId : ws.layout(layoutId).map(Layout::name).orElse(layoutId);
        return ws != null && history.apply("move " + name, w -> w.withCanvasPosition(layoutId, to));
    }

    /** Places every card at once (auto-layout), as one undoable edit. */
    public boolean arrangeCards(Map<String, Position> positions) {
        return history.current() != null && history.apply("arrange the canvas", w -> {
            Workspace out = w;
            for (Map.Entry<String, Position> e : positions.entrySet()) {
                out = out.withCanvasPosition(e.getKey(), e.getValue());
            }
            return out;
        });
    }

    /**
     * Applies a finding's fix as one undoable edit named after the fix. A finding of a layout that is no longer in the
     * workspace (it was made before an undo, a New or an Open) changes nothing, and the status bar says why.
     *
     * @return false when the fix is advice only, changes nothing, or no longer applies
     */
    public boolean applyFix(Finding finding) {
        if (!finding.fix().applicable() || history.current() == null) {
            return false;
        }
        Workspace ws = history.current();
        Workspace fixed;
        try {
            fixed = finding.fix().applyTo(ws).orElse(ws);
        } catch (IllegalStateException e) {
            status.accept("Cannot apply “" + finding.fix().title() + "”: " + e.getMessage());
            return false;
        }
        return history.apply(finding.fix().title(), w -> w == ws ? fixed : finding.fix().applyTo(w).orElse(w));
    }
}

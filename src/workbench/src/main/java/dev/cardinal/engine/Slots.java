package dev.cardinal.engine;

import dev.cardinal.model.Template;
import java.util.ArrayList;
import java.util.List;

/**
 * The slots cure, where every engine meets it: which slots a field key holds. How slots are allocated (the slot
 * tables, {@code engine.sql}) and how an engine's files use them (searches per slot, {@code engine.opensearch}) each
 * engine renders for itself.
 */
public final class Slots {
    private Slots() {
    }

    /** The slot references in a template (a layout's field keys hold them). */
    public static List<Template.SlotRef> slots(Template t) {
        List<Template.SlotRef> out = new ArrayList<>();
        t.parts().forEach(p -> {
            if (p instanceof Template.SlotRef s) {
                out.add(s);
            }
        });
        return out;
    }
}

package dev.cardinal.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The artefacts generated so far, in the order the index lists them (a later artefact with the same file name
 * replaces an earlier one in its place), and what could not be made, with the reason.
 */
public final class Artefacts {
    private final Map<String, Artefact> files = new LinkedHashMap<>();
    private final List<String> notWritten = new ArrayList<>();

    /** Adds a file that is not SQL. */
    public void put(String file, String text, String description, Language language) {
        put(new Artefact(file, text, description, language, null));
    }

    public void put(Artefact artefact) {
        files.put(artefact.file(), artefact);
    }

    /** Says what was not written and why. */
    public void notWritten(String reason) {
        notWritten.add(reason);
    }

    /** Makes one language's artefacts; a name that language cannot hold leaves them out, with the reason. */
    public void attempt(String what, Runnable make) {
        try {
            make.run();
        } catch (UnwritableNameException e) {
            notWritten.add("no " + what + ": " + e.getMessage());
        }
    }

    public List<Artefact> artefacts() {
        return List.copyOf(files.values());
    }

    public List<String> notWritten() {
        return List.copyOf(notWritten);
    }
}

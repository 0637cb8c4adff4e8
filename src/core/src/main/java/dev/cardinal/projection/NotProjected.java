package dev.cardinal.projection;

/**
 * Why a layout was not projected ({@link Projected}); the front end says it in its own words.
 *
 * @param eventKind the layout's event kind
 * @param attribute with {@link Why#MISSING_ATTRIBUTE}, the first attribute the layout uses that the rows lack;
 *                  null otherwise
 */
public record NotProjected(Why why, String eventKind, String attribute) implements Projected {
    /** Why, in a sentence, for a front end with no words of its own for it (an exception's message). */
    public String message() {
        return switch (why) {
            case NO_EVENT_KIND -> "the workspace has no event kind " + eventKind;
            case NO_TRAFFIC -> "there is no traffic of " + eventKind;
            case MISSING_ATTRIBUTE -> "the sample of '" + eventKind + "' has no attribute '" + attribute + "'";
            case NOT_COVERED -> "the traffic summaries do not cover the layout";
        };
    }

    public enum Why {
        /** The workspace defines no event kind of that name. */
        NO_EVENT_KIND,
        /** The input holds no traffic of the layout's event kind (for several summaries: not every one does). */
        NO_TRAFFIC,
        /** The rows lack an attribute the layout uses. */
        MISSING_ATTRIBUTE,
        /** The traffic summary (or one of several) does not cover the layout as it is now. */
        NOT_COVERED
    }
}

package dev.cardinal.ui.profile;

/** What a growing id's rate of new values is counted against. */
public enum RatePer {
    DAY("new a day", "newPerDay"),
    THOUSAND_POINTS("new per 1,000 points", "newPerThousandPoints");

    private final String label;
    private final String json;

    RatePer(String label, String json) {
        this.label = label;
        this.json = json;
    }

    public String json() {
        return json;
    }

    @Override
    public String toString() {
        return label;
    }
}

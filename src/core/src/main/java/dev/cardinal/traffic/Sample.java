package dev.cardinal.traffic;

import java.util.List;
import java.util.Optional;

/** Sample traffic, read: the rows of each event kind and the report of how reading went. */
public record Sample(List<EventKindSample> eventKinds, ReadReport report) {
    public Sample {
        eventKinds = List.copyOf(eventKinds);
    }

    public Optional<EventKindSample> eventKind(String name) {
        return eventKinds.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    public long rows() {
        return eventKinds.stream().mapToLong(EventKindSample::rows).sum();
    }
}

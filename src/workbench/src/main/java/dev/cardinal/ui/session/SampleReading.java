package dev.cardinal.ui.session;

import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads the traffic of a workspace whose sample is not at hand (an undo or redo past the samples kept): in the
 * background, in the window.
 */
@FunctionalInterface
public interface SampleReading {
    /** Reads on the caller's thread: for sessions without a window. */
    SampleReading HERE = (sources, done) -> done.accept(SampleReader.read(sources, SampleLimits.defaults(), ReadMonitor.NONE));

    /** Reads {@code sources} and hands the sample to {@code done} on the session's thread. */
    void read(List<SampleReader.Source> sources, Consumer<Sample> done);
}

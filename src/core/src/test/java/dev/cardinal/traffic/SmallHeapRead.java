package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads one sample file and prints what came of it on one line: for {@link SmallHeapTest}, which runs this in a
 * child JVM with a small heap, where running out of memory ends the process instead of failing one test.
 */
public final class SmallHeapRead {
    private SmallHeapRead() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        SampleFormat format = SampleFormat.fromFileName(file.getFileName().toString()).orElseThrow();
        SampleBinding binding = new SampleBinding("t", file.toString(), format, null, "ns", null, null, List.of());
        Sample s = SampleReader.read(List.of(new SampleReader.Source(file, binding)), SampleLimits.defaults(), ReadMonitor.NONE);
        ReadReport r = s.report();
        System.out.println("rows=" + s.rows() + " attributes=" + s.eventKinds().get(0).attributes().size()
            + " capped=" + r.capped() + " badLines=" + r.badLines()
            + " problem=" + (r.problems().isEmpty() ? "" : r.problems().get(0)));
    }
}

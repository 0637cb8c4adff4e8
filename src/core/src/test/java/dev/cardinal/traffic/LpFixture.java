package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** Reads line protocol text straight through {@link LineProtocolReader} (for tests of every package). */
public final class LpFixture {
    private LpFixture() {
    }

    public static Sample read(String text) {
        return read(text, "ns", SampleLimits.defaults());
    }

    static Sample read(String text, String precision, SampleLimits limits) {
        return readBytes(text.getBytes(StandardCharsets.UTF_8), precision, limits);
    }

    static Sample readBytes(byte[] bytes, String precision, SampleLimits limits) {
        SampleBuilder b = new SampleBuilder(limits);
        try {
            new LineProtocolReader().read(new ByteArrayInputStream(bytes), "t.lp",
                SampleBinding.lineProtocol("t", "t.lp", precision), b, ReadMonitor.NONE);
        } catch (SampleFormatException e) {
            b.problem(new ReadProblem("t.lp", 0, 0, ReadProblem.Kind.NOT_THIS_FORMAT, e.getMessage()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return b.build();
    }

    /** The bytes of {@code text} as UTF-8, each {@code %XX} in it read as the byte XX (hex): for bytes text cannot hold. */
    static byte[] bytes(String text) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                out.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }

    static EventKindSample only(Sample s) {
        if (s.eventKinds().size() != 1) {
            throw new AssertionError("expected one event kind, found " + s.eventKinds().stream().map(EventKindSample::name).toList()
                + "; problems " + s.report().problems());
        }
        return s.eventKinds().get(0);
    }

    /** Text of attribute {@code name} in row {@code row}. */
    static String value(EventKindSample k, String name, int row) {
        return k.column(name).text(row);
    }
}

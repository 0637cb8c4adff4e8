package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The decompressing pipe gives the same bytes as reading in place, and its failures at the same place. */
class InflatingPipeTest {

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] text(int bytes) {
        Random r = new Random(7);
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = (byte) (r.nextInt(20) == 0 ? '\n' : 'a' + r.nextInt(26));
        }
        return b;
    }

    @Test
    void givesTheBytesOfTheStreamAcrossChunkBoundariesWhateverTheReadSizes() throws IOException {
        byte[] data = text(3 * InflatingPipe.CHUNK_BYTES + 12_345);
        for (int readSize : new int[] {1, 7, 8192, InflatingPipe.CHUNK_BYTES + 3}) {
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try (InputStream in = new InflatingPipe(new GZIPInputStream(new ByteArrayInputStream(gzip(data))), "t")) {
                if (readSize == 1) {
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        got.write(b);
                    }
                } else {
                    byte[] buf = new byte[readSize];
                    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                        got.write(buf, 0, n);
                    }
                }
                assertEquals(-1, in.read(), "the end stays the end");
            }
            assertArrayEquals(data, got.toByteArray(), "read size " + readSize);
        }
        try (InputStream empty = new InflatingPipe(new GZIPInputStream(new ByteArrayInputStream(gzip(new byte[0]))), "e")) {
            assertEquals(-1, empty.read());
        }
    }

    @Test
    void aTruncatedStreamFailsAfterTheBytesBeforeTheCut() throws IOException {
        byte[] data = text(2 * InflatingPipe.CHUNK_BYTES);
        byte[] gz = gzip(data);
        byte[] cut = Arrays.copyOf(gz, gz.length / 2);
        long inPlace = countBeforeFailure(new GZIPInputStream(new ByteArrayInputStream(cut)));
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = new InflatingPipe(new GZIPInputStream(new ByteArrayInputStream(cut)), "cut");
        byte[] buf = new byte[4096];
        EOFException e = assertThrows(EOFException.class, () -> {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                got.write(buf, 0, n);
            }
        });
        assertEquals(inPlace, got.size(), e.toString());
        in.close();
    }

    private static long countBeforeFailure(InputStream in) {
        long n = 0;
        try {
            while (in.read() >= 0) {
                n++;
            }
        } catch (IOException expected) {
            return n;
        }
        throw new AssertionError("the stream was expected to fail");
    }

    @Test
    void aCancellationInTheSourceReachesTheReader() {
        InputStream cancelling = new InputStream() {
            private int left = 10;

            @Override
            public int read() {
                if (left-- == 0) {
                    throw new CancellationException("cancelled by the user");
                }
                return 'x';
            }
        };
        InputStream in = new InflatingPipe(cancelling, "c");
        byte[] buf = new byte[100];
        assertThrows(CancellationException.class, () -> {
            while (in.read(buf) >= 0) {
                // bytes before the cancellation
            }
        });
    }

    @Test
    void closingStopsTheInflatingThread() throws Exception {
        byte[] gz = gzip(text(16 * InflatingPipe.CHUNK_BYTES));
        InflatingPipe in = new InflatingPipe(new GZIPInputStream(new ByteArrayInputStream(gz)), "closed-early");
        in.read();
        Thread t = Thread.getAllStackTraces().keySet().stream().filter(x -> x.getName().equals("inflate closed-early"))
            .findFirst().orElseThrow();
        in.close();
        t.join(5_000);
        assertEquals(false, t.isAlive(), "the thread ends once nobody reads");
    }
}

package dev.cardinal.traffic;

import static dev.cardinal.traffic.ParallelReadTest.describe;
import static dev.cardinal.traffic.ParallelReadTest.hostile;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the line protocol reader makes of explosion-shaped traffic and of hostile files, read on one thread, pipelined
 * and as a write's body (with what its listener hears), against digests of the same reads by the reader before it
 * was split into its pipeline's parts (commit b0704cd): the split changed no byte of any sample, problem or report.
 * Run with {@code -DreadDigests.print=true} to print the digests of the code at hand.
 */
class ReadDigestsTest {
    private static final long READ_TIME = 1_700_000_000_000_000_000L;
    private static final SampleBinding BINDING = SampleBinding.lineProtocol("t", "t.lp", "ns");

    /** Digests of the reads below by the reader of commit b0704cd (LineProtocolReader with its inner Run). */
    private static final Map<String, String> BEFORE_THE_SPLIT = Map.ofEntries(
        Map.entry("explosion/one-thread", "a8ba9e78d016367780ba626ef0ed083427933f1734cfc562b0dc080d35b92aff"),
        Map.entry("explosion/pipelined", "a8ba9e78d016367780ba626ef0ed083427933f1734cfc562b0dc080d35b92aff"),
        Map.entry("explosion/budget", "d6ad8ff2ea9627a7ba5221b2a2b6e8937b91906e73b0e87d03af96aa965ca215"),
        Map.entry("explosion/write-body", "836d6f6ff75a1802d06e884445bd50f73b8a41caf617174b92c0ba5676f3e2f0"),
        Map.entry("hostile-1/one-thread", "488614f47ff0022635e475088dc5a06cbd932923dcc362b23a8428c529e482d0"),
        Map.entry("hostile-1/pipelined", "488614f47ff0022635e475088dc5a06cbd932923dcc362b23a8428c529e482d0"),
        Map.entry("hostile-1/budget", "2d035f663766a4544c421024278d466ac5cd1587a69d8aa168056d663bb67732"),
        Map.entry("hostile-1/write-body", "3b339e50feeb535cd9e38cba79fb02d37e23415e01916fffa77e419fbec20829"),
        Map.entry("hostile-2/one-thread", "8328ccb7e4bb33429479aee3a4c3106ae3375a78afcf51d84dea664f0c824a61"),
        Map.entry("hostile-2/pipelined", "8328ccb7e4bb33429479aee3a4c3106ae3375a78afcf51d84dea664f0c824a61"),
        Map.entry("hostile-2/budget", "08a993262272650c990071f8b14612622e1115ce57bd3252de1c5ee962938447"),
        Map.entry("hostile-2/write-body", "29e901fcb6cdaf6481d99b9a0f5bdd69deaf659a71419986679c168ef715e896"),
        Map.entry("hostile-3/one-thread", "ccdfcbf2e7b7a585c0d6fec9b316c87f2bbe60fe609368a95fb536c24be30bd9"),
        Map.entry("hostile-3/pipelined", "ccdfcbf2e7b7a585c0d6fec9b316c87f2bbe60fe609368a95fb536c24be30bd9"),
        Map.entry("hostile-3/budget", "4090a286f7fcf68d382e5c4bdeb61cd77a3d42ff22a9018dad624dddc4db2107"),
        Map.entry("hostile-3/write-body", "ddefb43c506f8ca64cac1ff764ff210ef0601444d7afaa01a1eec71ef2819521"),
        Map.entry("hostile-4/one-thread", "32d8b9bd66abb3d4d595cb32b0fe99430c54f8b9bc0a0095ae711e976ce025a0"),
        Map.entry("hostile-4/pipelined", "32d8b9bd66abb3d4d595cb32b0fe99430c54f8b9bc0a0095ae711e976ce025a0"),
        Map.entry("hostile-4/budget", "08dd371f5fd257d46e06ffcda9bdf26178f69afd382a02ec5dc981efe8ec1651"),
        Map.entry("hostile-4/write-body", "517affc5cec8372b75e82b5f5dd21e63f2f3f37c9565eab0e938ffaa1f9aa945"),
        Map.entry("hostile-5/one-thread", "a1bba2845d8bc8c3e1b6d139fab767bcf9dd5cd930e7b483aeea5e6dcd518682"),
        Map.entry("hostile-5/pipelined", "a1bba2845d8bc8c3e1b6d139fab767bcf9dd5cd930e7b483aeea5e6dcd518682"),
        Map.entry("hostile-5/budget", "0e2e3fddc1aad1f1719fb62c0157c59f09cd3b347d5f6f89e26a8b5f578fdeff"),
        Map.entry("hostile-5/write-body", "0d0d98168c46cae96da69fe67cc6548b0694f270d43cc04437702b14262b84d9"),
        Map.entry("hostile-6/one-thread", "18e46c262368904b948452b2ca655f8777770668b08b4109dc02056021c88565"),
        Map.entry("hostile-6/pipelined", "18e46c262368904b948452b2ca655f8777770668b08b4109dc02056021c88565"),
        Map.entry("hostile-6/budget", "18fe1bd1271e84f3e9debff0e8bae5fa964280354478578aa1517cbbd9c4f062"),
        Map.entry("hostile-6/write-body", "4cd64b2895c12714029bc2dbc867005f4e99be57270ab0f31306bf0bc7668e40"),
        Map.entry("open-string-at-end/one-thread", "0c236c5ba1808f37cc17d3100b85edf2bfe1d60b22dea6ae32ca997633ab738f"),
        Map.entry("open-string-at-end/pipelined", "0c236c5ba1808f37cc17d3100b85edf2bfe1d60b22dea6ae32ca997633ab738f"),
        Map.entry("open-string-at-end/budget", "575370f6a2ef2738e34bdab57c052320d9281809619664360725e11840298bc7"),
        Map.entry("open-string-at-end/write-body", "02f0a58060c4926e6fee18c66c09229fea22cf328ef6680b998e02697fdf5b09"),
        Map.entry("json/one-thread", "1545986637d19a6b034c175d138ed8ad23ea90d212b3631794d78a74f9367e79"),
        Map.entry("json/pipelined", "1545986637d19a6b034c175d138ed8ad23ea90d212b3631794d78a74f9367e79"),
        Map.entry("json/budget", "1545986637d19a6b034c175d138ed8ad23ea90d212b3631794d78a74f9367e79"),
        Map.entry("json/write-body", "5c49240ce96faeeb447be5208cf65024de912594e4aea14ff792adf1df7d24de"));

    @Test
    void everyReadGivesWhatTheReaderGaveBeforeItsSplit(@TempDir Path dir) throws Exception {
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        Scenarios.writeExplosion(dir, 20_000, 11);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("traffic.lp.gz")))) {
            inputs.put("explosion", in.readAllBytes());
        }
        for (int seed = 1; seed <= 6; seed++) {
            inputs.put("hostile-" + seed, hostile(new SplittableRandom(seed), 3000, seed % 2 == 0, seed % 3 != 0));
        }
        inputs.put("open-string-at-end", "m a=1i 1\nm s=\"open\nm a=2i 2\nm b=\"x\" 3\n".getBytes(StandardCharsets.UTF_8));
        inputs.put("json", "{\"a\": 1}\nm a=1i 1\n".getBytes(StandardCharsets.UTF_8));
        Map<String, String> digests = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> input : inputs.entrySet()) {
            byte[] text = input.getValue();
            digests.put(input.getKey() + "/one-thread", digest(read(text, new LineProtocolReader(READ_TIME), SampleLimits.defaults())));
            digests.put(input.getKey() + "/pipelined", digest(read(text, LineProtocolReader.pipelined(READ_TIME, 3, 4096),
                SampleLimits.defaults())));
            digests.put(input.getKey() + "/budget", digest(read(text, new LineProtocolReader(READ_TIME),
                SampleLimits.defaults().withMaxBytes(1 << 20).withMaxRows(text.length / 300))));
            StringBuilder heard = new StringBuilder();
            WriteListener listener = new WriteListener() {
                @Override
                public void accepted(long line, long start, long end, long timestampStart, long timestampEnd) {
                    heard.append(line).append(' ').append(start).append(' ').append(end).append(' ')
                        .append(timestampStart).append(' ').append(timestampEnd).append('\n');
                }

                @Override
                public void problem(ReadProblem problem) {
                    heard.append(problem).append('\n');
                }
            };
            String body = read(text, LineProtocolReader.forWrites(listener), SampleLimits.defaults());
            // a body's points without a timestamp take the time of the read: its report and what the listener heard
            digests.put(input.getKey() + "/write-body", digest(body.substring(0, Math.max(0, body.indexOf('\n'))) + heard));
        }
        if (Boolean.getBoolean("readDigests.print")) {
            digests.forEach((k, v) -> System.out.println("        Map.entry(\"" + k + "\", \"" + v + "\"),"));
        }
        digests.forEach((k, v) -> assertEquals(BEFORE_THE_SPLIT.get(k), v, k));
    }

    private static String read(byte[] text, LineProtocolReader reader, SampleLimits limits) {
        try {
            SampleBuilder b = new SampleBuilder(limits);
            b.expectInput(text.length);
            reader.read(new ByteArrayInputStream(text), "t.lp", BINDING, b, ReadMonitor.NONE);
            return describe(b.build());
        } catch (IOException | SampleFormatException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private static String digest(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}

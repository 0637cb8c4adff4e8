package dev.cardinal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README is what a newcomer reads in five minutes, and the reference lives under src/site/markdown: the README
 * keeps to its size, and every relative link of the README and the documents reaches a file and a heading there.
 */
class DocumentsTest {
    private static final Path README = Path.of("README.md");
    private static final Path DOCS = Path.of("src/site/markdown");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void readmeIsReadInFiveMinutes() throws IOException {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        assertTrue(lines.size() <= 300, "README.md has " + lines.size() + " lines; at most 300");
        for (String paragraph : paragraphs(lines)) {
            assertTrue(paragraph.length() <= 1200,
                "a README paragraph of " + paragraph.length() + " characters (at most 1,200): " + start(paragraph));
        }
        for (String line : lines) {
            if (line.startsWith("|")) {
                for (String cell : line.split("(?<!\\\\)\\|")) {
                    assertTrue(cell.strip().length() <= 400, "a README table cell of " + cell.strip().length()
                        + " characters (at most 400): " + start(cell.strip()));
                }
            }
        }
    }

    @Test
    void everyRelativeLinkReachesAFileAndAHeading() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(README));
        try (Stream<Path> s = Files.list(DOCS)) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        assertTrue(documents.size() > 5, "the documents under " + DOCS);
        List<String> broken = new ArrayList<>();
        for (Path doc : documents) {
            Matcher m = LINK.matcher(withoutCode(Files.readString(doc, StandardCharsets.UTF_8)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? doc : doc.resolveSibling(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(doc + ": " + target + " (no file " + resolved + ")");
                } else if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(doc + ": " + target + " (no such heading in " + resolved + ")");
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void theUserGuideIsWrittenForUsers() throws IOException {
        String guide = Files.readString(DOCS.resolve("user-guide.md"), StandardCharsets.UTF_8);
        assertTrue(guide.startsWith("# Cardinal user guide\n"), "the title Help looks the guide up by");
        assertTrue(guide.lines().filter(l -> l.startsWith("## ")).count() >= 8, "a guide with headings");
        for (String developerWord : List.of("mvn ", "Test`", "Test.java", " bench")) {
            assertTrue(!guide.contains(developerWord), "the user guide speaks to users, not developers: " + developerWord);
        }
    }

    private static String start(String text) {
        return text.substring(0, Math.min(80, text.length()));
    }

    private static List<String> paragraphs(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder p = new StringBuilder();
        boolean fence = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                fence = !fence;
            }
            if (fence || line.isBlank() || line.startsWith("#") || line.startsWith("|") || line.startsWith("- ")
                || line.matches("^\\d+\\. .*")) {
                if (p.length() > 0) {
                    out.add(p.toString());
                    p.setLength(0);
                }
                if (!fence && (line.startsWith("- ") || line.matches("^\\d+\\. .*"))) {
                    p.append(line);
                }
                continue;
            }
            p.append(p.length() > 0 ? " " : "").append(line.strip());
        }
        if (p.length() > 0) {
            out.add(p.toString());
        }
        return out;
    }

    /** Headings as GitHub makes their anchors: lower case, punctuation dropped, spaces made hyphens. */
    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> out = new HashSet<>();
        boolean fence = false;
        for (String line : Files.readAllLines(doc, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fence = !fence;
            } else if (!fence && line.matches("^#{1,6} .*")) {
                String text = line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT);
                out.add(text.replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
            }
        }
        return out;
    }

    private static String withoutCode(String markdown) {
        return markdown.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
    }
}

package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BuildInfoTest {

    /** The build wrote this checkout's HEAD and the top pom's version (the tests run in the top folder of the checkout they were built in). */
    @Test
    void theBuildRecordsThisCheckoutsCommitAndThePomsVersion() throws Exception {
        BuildInfo build = BuildInfo.current();
        assertEquals(git("rev-parse", "HEAD"), build.commit());
        String pom = java.nio.file.Files.readString(java.nio.file.Path.of("pom.xml"));
        java.util.regex.Matcher v = java.util.regex.Pattern.compile("</modelVersion>(?:\\s|<!--(?s:.*?)-->)*<groupId>[^<]*</groupId>\\s*<artifactId>[^<]*</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        org.junit.jupiter.api.Assertions.assertTrue(v.find(), "no version in the top pom.xml");
        assertEquals(v.group(1), build.version());
    }

    @Test
    void describesVersionCommitAndLocalChanges() throws IOException {
        BuildInfo clean = read("version=0.2.0\ncommit=0123456789abcdef0123456789abcdef01234567\ndirty=false\n");
        assertEquals("0.2.0 (commit 0123456789ab)", clean.describe());
        BuildInfo dirty = read("version=0.2.0\ncommit=0123456789abcdef0123456789abcdef01234567\ndirty=true\n");
        assertEquals("0.2.0 (commit 0123456789ab, with local changes)", dirty.describe());
    }

    /** Built from a source archive, git says nothing (or Ant leaves its placeholder): no commit, and said so. */
    @Test
    void aBuildWithoutGitSaysSo() throws IOException {
        BuildInfo none = read("version=0.2.0\ncommit=${build.commit}\ndirty=true\n");
        assertNull(none.commit());
        assertEquals("0.2.0 (built outside a git repository)", none.describe());
        assertEquals("unknown version (not built with Maven) (built outside a git repository)", new BuildInfo(null, null, false).describe());
    }

    private static BuildInfo read(String text) throws IOException {
        return BuildInfo.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)));
    }

    private static String git(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor(30, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}

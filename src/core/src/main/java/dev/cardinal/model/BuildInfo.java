package dev.cardinal.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version this build says it is and the git commit it was built from, written by the build into
 * {@code build.properties} beside this class ({@code cardinal --version}, Help → About).
 *
 * @param version the project's version
 * @param commit  the full commit id, or {@code null} when the build had no git repository
 * @param dirty   whether tracked files differed from that commit when it was built
 */
public record BuildInfo(String version, String commit, boolean dirty) {
    static final String RESOURCE = "build.properties";

    /** This build's, or an unknown version when the classes were compiled without the build (an IDE's own compiler). */
    public static BuildInfo current() {
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            return in == null ? new BuildInfo(null, null, false) : read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static BuildInfo read(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        String commit = p.getProperty("commit", "").trim();
        return new BuildInfo(p.getProperty("version"), commit.matches("[0-9a-f]{40}") ? commit : null,
            Boolean.parseBoolean(p.getProperty("dirty")));
    }

    /** What {@code cardinal --version} prints. */
    public String versionLine() {
        return "cardinal " + describe();
    }

    /** One line: {@code 0.1.0-SNAPSHOT (commit 1a2b3c4d5e6f, with local changes)}. */
    public String describe() {
        String v = version == null ? "unknown version (not built with Maven)" : version;
        if (commit == null) {
            return v + " (built outside a git repository)";
        }
        return v + " (commit " + commit.substring(0, 12) + (dirty ? ", with local changes" : "") + ")";
    }
}

package dev.cardinal.packaging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.cli.Main;
import dev.cardinal.model.BuildInfo;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.ui.shell.Recovery;
import dev.cardinal.ui.shell.SettingsFile;
import dev.cardinal.ui.shell.WorkbenchSettings;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * The Debian package as a user gets it ({@code mvn -Pdeb verify}, run by {@code .ci/run}): an older package (this
 * build with a lower version) is installed with apt, the user's settings, recent files and a recovery copy are
 * written, this package is installed over it, then its command, analysis, window, desktop entry and start-up archive
 * are checked, and it is removed. Needs root and apt (it installs the package on this machine).
 */
class InstalledPackageIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final Path WORK = TARGET.resolve("installed-package");
    /** The user's home for every run of the installed command: their files live in its .config/cardinal. */
    private static final Path HOME = WORK.resolve("home");
    private static final Path CONFIG = HOME.resolve(".config/cardinal");
    private static final Path WORKSPACE = HOME.resolve("designs/weather.cardinal.json");
    private static final String OLDER = "0.0.1-1";

    private static Path deb;
    private static Map<Path, byte[]> userFiles;
    private static String upgradeLog;
    private static Map<Path, byte[]> afterUpgrade;

    @BeforeAll
    static void installAnOlderPackageThenThisOne() throws Exception {
        try (Stream<Path> debs = Files.list(TARGET.resolve("package/deb"))) {
            List<Path> found = debs.filter(p -> p.getFileName().toString().matches("cardinal_.*_amd64\\.deb")).toList();
            assertEquals(1, found.size(), "one package in target/package/deb (built by mvn -Pdeb package): " + found);
            deb = found.get(0);
        }
        assertEquals("0", run(List.of("id", "-u"), 10).out().strip(), "installing the package needs root");
        deleteTree(WORK);
        Files.createDirectories(WORK);
        run(List.of("dpkg", "--purge", "cardinal"), 120); // a package left by an earlier run, if any

        // the same build with a lower version: what an upgrade replaces
        Path unpacked = WORK.resolve("older");
        ok(run(List.of("dpkg-deb", "-R", deb.toString(), unpacked.toString()), 120));
        Path control = unpacked.resolve("DEBIAN/control");
        Files.writeString(control, Files.readString(control).replaceFirst("(?m)^Version: .*$", "Version: " + OLDER));
        Path older = WORK.resolve("cardinal_" + OLDER + "_amd64.deb");
        ok(run(List.of("dpkg-deb", "-Znone", "-b", unpacked.toString(), older.toString()), 120));
        deleteTree(unpacked);
        ok(apt("install", "-y", older.toString()));
        assertEquals(OLDER, installedVersion());
        Files.delete(older);

        // what the workbench keeps for the user: settings, recent workspaces, a recovery copy of unsaved edits
        Files.createDirectories(WORKSPACE.getParent());
        Files.copy(Path.of("sample-data/weather/weather.cardinal.json"), WORKSPACE);
        Files.copy(Path.of("sample-data/weather/traffic.lp.gz"), WORKSPACE.resolveSibling("traffic.lp.gz"));
        Workspace saved = WorkspaceFiles.load(WORKSPACE).workspace();
        Recovery recovery = new Recovery(CONFIG);
        recovery.remember(WORKSPACE);
        recovery.save(WORKSPACE, saved.withCanvasPosition(saved.layouts().get(0).id(), new Position(640, 320)));
        SettingsFile.save(WorkbenchSettings.defaults().withDarkTheme(true).withWindow(List.of(10.0, 20.0, 1200.0, 700.0), false), CONFIG);
        userFiles = contents(HOME);
        assertTrue(userFiles.size() >= 4, "settings, recent files, recovery copy, workspace: " + userFiles.keySet());

        Proc upgrade = apt("install", "-y", deb.toString());
        ok(upgrade);
        upgradeLog = upgrade.out() + upgrade.err();
        afterUpgrade = contents(HOME); // before the tests below run the workbench in this home
    }

    @AfterAll
    static void remove() throws Exception {
        if (deb == null || run(List.of("dpkg-query", "-W", "cardinal"), 30).code() != 0) {
            return; // nothing was installed
        }
        ok(apt("remove", "-y", "cardinal"));
        assertFalse(Files.exists(Path.of("/usr/bin/cardinal")), "the command is gone");
        assertFalse(Files.exists(Path.of("/usr/share/applications/cardinal.desktop")), "the desktop entry is gone");
        assertFalse(Files.exists(Path.of("/usr/share/mime/packages/cardinal.xml")), "the MIME type is gone");
        assertFalse(Files.exists(Path.of("/usr/share/man/man1/cardinal-analyze.1.gz")), "the man pages are gone");
        assertFalse(Files.exists(Path.of("/usr/lib/cardinal")), "nothing is left in /usr/lib/cardinal (the start-up archive neither)");
        assertTrue(Files.isRegularFile(CONFIG.resolve("settings.json")), "removing the package leaves the user's files");
    }

    @Test
    void theUpgradeKeptTheUsersSettingsRecentFilesAndRecoveryCopies() throws Exception {
        assertEquals(deb.getFileName().toString().split("_")[1], installedVersion(), "the newer package is installed");
        assertFalse(upgradeLog.contains("could not make the start-up archive"), upgradeLog);
        Map<Path, byte[]> now = afterUpgrade;
        assertEquals(userFiles.keySet(), now.keySet());
        for (Map.Entry<Path, byte[]> e : userFiles.entrySet()) {
            assertArrayEquals(e.getValue(), now.get(e.getKey()), e.getKey() + " changed");
        }
        // and the new build reads them as the workbench does when it starts
        assertTrue(SettingsFile.load(CONFIG).darkTheme());
        assertEquals(List.of(WORKSPACE), new Recovery(CONFIG).recent());
        assertTrue(new Recovery(CONFIG).find(WORKSPACE, WorkspaceFiles.load(WORKSPACE).workspace()).isPresent());
    }

    @Test
    void theCommandIsOnThePathAndSaysItsVersionAndCommit() throws Exception {
        Proc version = cardinal(List.of("cardinal", "--version"), Map.of());
        ok(version);
        assertEquals("cardinal " + BuildInfo.current().describe(), version.out().strip());
        assertEquals("/usr/bin/cardinal", run(List.of("sh", "-c", "command -v cardinal"), 10).out().strip());
    }

    /** The installed command's report is the jar's, byte for byte. */
    @Test
    void analyzeGivesTheJarsReport() throws Exception {
        String sample = Path.of("sample-data/weather/traffic.lp.gz").toAbsolutePath().toString();
        Proc installed = cardinal(List.of("cardinal", "analyze", sample, "--format", "json"), Map.of());
        ok(installed);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Proc jar = run(List.of(java, "-jar", TARGET.resolve("cardinal.jar").toString(), "analyze", sample, "--format", "json"), 120);
        ok(jar);
        assertTrue(installed.out().contains("\"series\""), installed.out());
        assertEquals(jar.out(), installed.out());
    }

    /** The classes of the training run come from the archive postinst made: the command's, and JavaFX's. */
    @Test
    void theStartUpArchiveIsUsed() throws Exception {
        assertTrue(Files.isRegularFile(Path.of("/usr/lib/cardinal/app/cardinal.jsa")));
        // -Xshare:on makes a JVM that cannot use the archive fail instead of going on without it
        // --help sets the command line up (--version is answered before it, without picocli)
        Proc help = cardinal(List.of("cardinal", "--help"), Map.of("JAVA_TOOL_OPTIONS", "-Xshare:on -Xlog:class+load=info"));
        ok(help);
        assertTrue(help.out().contains("dev.cardinal.Launcher source: shared objects file"), help.out());
        assertTrue(help.out().contains("picocli.CommandLine source: shared objects file"), help.out());
    }

    /** man finds a page for cardinal and each of its commands, made by picocli from the same definitions as --help. */
    @Test
    void everyCommandHasItsManPage() throws Exception {
        List<String> pages = new ArrayList<>(List.of("cardinal"));
        for (Class<?> command : Main.class.getAnnotation(Command.class).subcommands()) {
            pages.add("cardinal-" + command.getAnnotation(Command.class).name());
        }
        assertTrue(pages.contains("cardinal-analyze"), pages.toString());
        for (String page : pages) {
            Proc where = run(List.of("man", "-w", page), 30);
            ok(where);
            assertEquals("/usr/share/man/man1/" + page + ".1.gz", where.out().strip());
        }
        Proc analyze = run(List.of("man", "-P", "cat", "cardinal-analyze"), 30, Map.of("MANWIDTH", "100"));
        ok(analyze);
        for (String part : List.of("CARDINAL-ANALYZE(1)", "SYNOPSIS", "cardinal analyze", "--horizon", "--workspace=W.cardinal.json")) {
            assertTrue(analyze.out().contains(part), part + " in:\n" + analyze.out());
        }
    }

    @Test
    void theDesktopEntryOpensWorkspacesWithTheWorkbench() throws Exception {
        String entry = Files.readString(Path.of("/usr/share/applications/cardinal.desktop"));
        assertTrue(entry.contains("\nExec=/usr/bin/cardinal gui %f\n"), entry);
        assertTrue(entry.contains("\nMimeType=application/x-cardinal-workspace;\n"), entry);
        String icon = entry.replaceFirst("(?s).*\nIcon=([^\n]*)\n.*", "$1");
        assertTrue(Files.isRegularFile(Path.of(icon)), "the icon " + icon);
        Proc type = run(List.of("xdg-mime", "query", "filetype", WORKSPACE.toString()), 30);
        ok(type);
        assertEquals("application/x-cardinal-workspace", type.out().strip());
    }

    /**
     * {@code cardinal gui WORKSPACE} under a virtual display until its window shows the workspace (its title), then a
     * screenshot (target/installed-package/window.png); JavaFX from the runtime's named modules, its native libraries
     * from the runtime (nothing unpacked into ~/.openjfx), its classes from the start-up archive.
     */
    @Test
    void theWorkbenchWindowShows() throws Exception {
        Path shot = WORK.resolve("window.png");
        Path classes = WORK.resolve("gui-classes.log");
        String script = """
            cardinal gui "$1" & app=$!
            for i in $(seq 1 240); do
              if xwininfo -root -tree | grep -q 'weather.cardinal.json)'; then break; fi
              kill -0 $app || exit 3
              sleep 0.5
            done
            xwininfo -root -tree | grep 'weather.cardinal.json)' || { kill $app; exit 4; }
            sleep 3
            import -window root "$2"
            kill $app; wait $app
            exit 0
            """;
        Proc gui = cardinal(List.of("xvfb-run", "-a", "-s", "-screen 0 1400x900x24", "bash", "-c", script, "gui", WORKSPACE.toString(), shot.toString()),
            Map.of("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + classes));
        assertEquals(0, gui.code(), "the window did not show:\n" + gui.out() + gui.err());
        assertFalse((gui.out() + gui.err()).contains("Unsupported JavaFX configuration"), gui.err());
        assertFalse((gui.out() + gui.err()).contains("Exception"), gui.err());
        assertFalse(Files.exists(HOME.resolve(".openjfx")), "JavaFX unpacked its libraries into the home");
        String loaded = Files.readString(classes);
        assertTrue(loaded.contains("javafx.scene.control.Button source: shared objects file"), "JavaFX not from the archive");
        assertTrue(loaded.contains("com.sun.glass.ui.gtk.GtkApplication source: "), "not the GTK toolkit");

        BufferedImage image = ImageIO.read(shot.toFile());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 20, "the screenshot is nearly blank: " + colours.size() + " colours");
    }

    private static String installedVersion() throws Exception {
        Proc p = run(List.of("dpkg-query", "-W", "-f=${Version}", "cardinal"), 30);
        ok(p);
        return p.out().strip();
    }

    private static Proc apt(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("apt-get", "-q", "-o", "Dpkg::Use-Pty=0"));
        command.addAll(List.of(args));
        return run(command, 600, Map.of("DEBIAN_FRONTEND", "noninteractive"));
    }

    /** The installed command as the user runs it: their home, the usual PATH, no display unless xvfb-run gives one. */
    private static Proc cardinal(List<String> command, Map<String, String> env) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("HOME", HOME.toString());
        all.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        return run(command, 240, all);
    }

    private record Proc(int code, String out, String err) {
    }

    private static void ok(Proc p) {
        assertEquals(0, p.code(), p.out() + p.err());
    }

    private static Proc run(List<String> command, int seconds) throws Exception {
        return run(command, seconds, Map.of());
    }

    private static Proc run(List<String> command, int seconds, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.equals("DISPLAY") || k.equals("WAYLAND_DISPLAY") || k.startsWith("XDG_")
            || k.equals("JAVA_TOOL_OPTIONS") || k.equals("_JAVA_OPTIONS"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("cardinal-it-out", ".txt");
        Path err = Files.createTempFile("cardinal-it-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(command + " took over " + seconds + " s:\n" + Files.readString(out) + Files.readString(err));
        }
        Proc result = new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return result;
    }

    private static Map<Path, byte[]> contents(Path dir) throws IOException {
        Map<Path, byte[]> files = new java.util.TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p), Files.readAllBytes(p));
            }
        }
        return files;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

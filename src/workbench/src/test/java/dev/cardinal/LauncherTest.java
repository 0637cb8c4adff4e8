package dev.cardinal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LauncherTest {
    private static final String[] NONE = {};

    @Test
    void noArgumentsInADesktopSessionOpenTheWorkbench() {
        assertArrayEquals(new String[] {"gui"}, Launcher.arguments(NONE, Map.of("DISPLAY", ":0")));
        assertArrayEquals(new String[] {"gui"}, Launcher.arguments(NONE, Map.of("WAYLAND_DISPLAY", "wayland-0")));
    }

    @Test
    void withoutADisplayNoArgumentsPrintTheHelp() {
        assertArrayEquals(NONE, Launcher.arguments(NONE, Map.of()));
        assertArrayEquals(NONE, Launcher.arguments(NONE, Map.of("DISPLAY", "", "TERM", "xterm")));
    }

    @Test
    void argumentsAreTheCommandWhateverTheSession() {
        String[] analyze = {"analyze", "traffic.lp"};
        assertArrayEquals(analyze, Launcher.arguments(analyze, Map.of("DISPLAY", ":0")));
    }

    @Test
    void theVersionIsAnsweredAsTheCommandLineAnswersIt() {
        String picocli = dev.cardinal.cli.CliRun.of("--version").out().strip();
        assertEquals(picocli, Launcher.quickAnswer(new String[] {"--version"}));
        assertEquals(picocli, Launcher.quickAnswer(new String[] {"-V"}));
        assertNull(Launcher.quickAnswer(new String[] {"--version", "analyze"}));
        assertNull(Launcher.quickAnswer(new String[] {"analyze", "--version"}));
        assertNull(Launcher.quickAnswer(NONE));
    }
}

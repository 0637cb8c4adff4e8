package dev.cardinal.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a command's time goes, printed to standard error when {@code -Dcardinal.phases=true} is given (issue 20):
 * each phase's wall time since the previous mark, the CPU time the calling thread and the whole process (JIT, GC and
 * any helper threads) spent in it, and the process's age at the first mark, so that the JVM's own start shows too.
 * CPU times come from Linux's {@code /proc} in clock ticks (10 ms), which keep their meaning on a loaded machine
 * where wall times do not. Off, a mark is one field read.
 */
public final class Phases {
    private static final boolean ON = Boolean.getBoolean("cardinal.phases");
    private static long lastWall;
    private static long lastThreadTicks;
    private static long lastProcessTicks;

    private Phases() {
    }

    /**
     * The first mark, in {@code main}: the process's age then (the system's uptime less the process's start after
     * boot) is the JVM's start, and its CPU time so far what that start cost.
     */
    public static void started() {
        if (!ON) {
            return;
        }
        String[] process = stat("/proc/self/stat");
        double age = -1;
        try {
            double uptime = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
            age = process == null ? -1 : uptime * 1000 - Long.parseLong(process[19]) * 10;
        } catch (IOException | RuntimeException e) {
            // not Linux: the start is not known
        }
        lastWall = System.nanoTime();
        lastThreadTicks = ticks(stat("/proc/thread-self/stat"));
        lastProcessTicks = ticks(process);
        print("process start to main", age, lastThreadTicks, lastProcessTicks);
    }

    /** Notes that the phase named {@code name} has just ended. */
    public static void mark(String name) {
        if (!ON) {
            return;
        }
        if (lastWall == 0) {
            started(); // a main other than Launcher's (dev.cardinal.cli.Main from a class path): the start is this mark's
        }
        long now = System.nanoTime();
        long thread = ticks(stat("/proc/thread-self/stat"));
        long process = ticks(stat("/proc/self/stat"));
        print(name, (now - lastWall) / 1_000_000.0, thread - lastThreadTicks, process - lastProcessTicks);
        lastWall = now;
        lastThreadTicks = thread;
        lastProcessTicks = process;
    }

    /** The fields of a {@code stat} file after the command's name (which is in parentheses and may hold spaces). */
    private static String[] stat(String file) {
        try {
            String stat = Files.readString(Path.of(file));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** User and system time in clock ticks (fields 14 and 15 of {@code stat}), 0 when unknown. */
    private static long ticks(String[] stat) {
        return stat == null ? 0 : Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
    }

    private static void print(String phase, double wallMillis, long threadTicks, long processTicks) {
        StringBuilder line = new StringBuilder("phase ").append(phase);
        pad(line, 34).append(Math.round(wallMillis * 10) / 10.0).append(" ms wall");
        pad(line, 55).append(threadTicks * 10).append(" ms cpu on this thread");
        pad(line, 82).append(processTicks * 10).append(" ms cpu in all");
        System.err.println(line);
    }

    private static StringBuilder pad(StringBuilder line, int to) {
        while (line.length() < to) {
            line.append(' ');
        }
        return line;
    }
}

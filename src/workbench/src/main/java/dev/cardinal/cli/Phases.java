package dev.cardinal.cli;

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
        String[] process = ProcStat.fields("/proc/self/stat");
        double age = ProcStat.ageMillis(process);
        lastWall = System.nanoTime();
        lastThreadTicks = ProcStat.ticks(ProcStat.fields("/proc/thread-self/stat"));
        lastProcessTicks = ProcStat.ticks(process);
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
        long thread = ProcStat.ticks(ProcStat.fields("/proc/thread-self/stat"));
        long process = ProcStat.ticks(ProcStat.fields("/proc/self/stat"));
        print(name, (now - lastWall) / 1_000_000.0, thread - lastThreadTicks, process - lastProcessTicks);
        lastWall = now;
        lastThreadTicks = thread;
        lastProcessTicks = process;
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

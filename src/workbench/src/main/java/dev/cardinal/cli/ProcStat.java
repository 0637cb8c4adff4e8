package dev.cardinal.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What Linux's {@code /proc} says of this process and thread for {@link Phases}: CPU time in clock ticks (10 ms) and
 * the process's age. Elsewhere nothing is known: no fields, 0 ticks, an age of -1.
 */
final class ProcStat {
    private ProcStat() {
    }

    /** The fields of a {@code stat} file after the command's name (which is in parentheses and may hold spaces). */
    static String[] fields(String file) {
        try {
            String stat = Files.readString(Path.of(file));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** User and system time in clock ticks (fields 14 and 15 of {@code stat}), 0 when unknown. */
    static long ticks(String[] stat) {
        return stat == null ? 0 : Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
    }

    /**
     * The process's age in milliseconds (the system's uptime less the process's start after boot, field 22 of
     * {@code process}, its {@code stat}), -1 when unknown.
     */
    static double ageMillis(String[] process) {
        try {
            double uptime = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
            return process == null ? -1 : uptime * 1000 - Long.parseLong(process[19]) * 10;
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux: the start is not known
        }
    }
}

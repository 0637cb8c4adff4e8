package dev.cardinal.cli;

import java.io.Console;
import java.util.Map;

/**
 * Passwords and tokens for the network commands: from an environment variable, else typed at a prompt (not
 * echoed) when a terminal is attached. Never from an option's value, where shell history and process lists would
 * keep them, and never printed.
 */
final class Secrets {
    private final Map<String, String> env;
    private final Console console;

    Secrets(Map<String, String> env, Console console) {
        this.env = env;
        this.console = console;
    }

    static Secrets system() {
        return new Secrets(System.getenv(), System.console());
    }

    /** The variable's value, or null when unset or empty. */
    char[] fromEnv(String variable) {
        String v = variable == null ? null : env.get(variable);
        return v == null || v.isEmpty() ? null : v.toCharArray();
    }

    /** The variable's value, else a prompt's answer, else null (no terminal). */
    char[] fromEnvOrPrompt(String variable, String prompt) {
        char[] v = fromEnv(variable);
        if (v != null || console == null) {
            return v;
        }
        return console.readPassword("%s: ", prompt);
    }

    boolean interactive() {
        return console != null;
    }

    /** Asks a yes/no question on the terminal; false without one. */
    boolean confirm(String question) {
        if (console == null) {
            return false;
        }
        String answer = console.readLine("%s [y/N] ", question);
        return answer != null && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
    }
}

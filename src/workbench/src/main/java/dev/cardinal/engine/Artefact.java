package dev.cardinal.engine;

/**
 * One generated file.
 *
 * @param file        its name in the output folder
 * @param text        its content
 * @param description the index line that says what it is
 * @param language    what it is written in
 * @param dialect     the SQL dialect, or null when it is not SQL
 */
public record Artefact(String file, String text, String description, Language language, SqlDialect dialect) {
}

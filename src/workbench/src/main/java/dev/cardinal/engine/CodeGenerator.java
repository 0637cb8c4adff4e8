package dev.cardinal.engine;

/**
 * What an engine generates for a layout: the seam the bundle of generated code asks, through the one list of engines
 * ({@code dev.cardinal.engines.Engines}), never by naming a generator. The bundle asks every engine for its layout
 * code first and for its rollup code after, so that the index lists a layout's own files before what reads from it.
 */
public interface CodeGenerator {
    /** The files that put the layout in place on this engine (scripts, schemas, writers, example queries). */
    void layoutCode(CodeRequest request, Artefacts out);

    /** The files of the layout's rollups and of the tables its slots need, once every engine's layout code is listed. */
    default void rollupCode(CodeRequest request, Artefacts out) {
    }
}

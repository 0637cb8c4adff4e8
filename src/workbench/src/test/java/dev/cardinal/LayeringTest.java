package dev.cardinal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.syntax.elements.ClassesShouldConjunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md: dependencies point one way, the core neither draws nor talks to the network, and an engine is a
 * package of its own behind the seam ({@code dev.cardinal.engine}) that names no other engine.
 */
class LayeringTest {
    /** The core: what names no engine. */
    private static final String[] CORE = {"dev.cardinal.model..", "dev.cardinal.traffic..", "dev.cardinal.projection..",
        "dev.cardinal.lint.."};
    /** What neither draws nor opens a connection: the core, the comparisons, the seam, line protocol writing. */
    private static final String[] OFFLINE = {"dev.cardinal.model..", "dev.cardinal.traffic..", "dev.cardinal.projection..",
        "dev.cardinal.lint..", "dev.cardinal.compare..", "dev.cardinal.lineprotocol..", "dev.cardinal.engine", "dev.cardinal.engines.."};
    /** Every engine package: one per engine, under the seam. */
    private static final String ENGINES = "dev.cardinal.engine.*..";
    private static final String[] NETWORK = {"java.net.http..", "okhttp3..", "com.influxdb..", "java.sql..", "retrofit2.."};
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = MainClasses.imported();
        // the rules below pass vacuously on an empty import; make sure the layers are really there
        for (String layer : new String[]{"model", "traffic", "projection", "lineprotocol", "engine.influxdb1", "engine.influxdb2",
            "engine.opensearch", "engine.sql", "engine.victoriametrics", "engine.prometheus", "engines", "capture", "cli", "ui"}) {
            assertTrue(classes.stream().anyMatch(c -> c.getPackageName().startsWith("dev.cardinal." + layer)),
                "no classes found in dev.cardinal." + layer);
        }
        assertTrue(classes.stream().anyMatch(c -> c.getPackageName().equals("dev.cardinal.engine")), "no classes found in the seam");
    }

    @Test
    void layersDependOneWay() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("model").definedBy("dev.cardinal.model..")
            .layer("traffic").definedBy("dev.cardinal.traffic..")
            .layer("projection").definedBy("dev.cardinal.projection..")
            .layer("lint").definedBy("dev.cardinal.lint..")
            .layer("lineprotocol").definedBy("dev.cardinal.lineprotocol..")
            .layer("compare").definedBy("dev.cardinal.compare..")
            .layer("seam").definedBy("dev.cardinal.engine")
            .layer("engine").definedBy(ENGINES)
            .layer("engines").definedBy("dev.cardinal.engines..")
            .layer("capture").definedBy("dev.cardinal.capture..")
            .layer("cli").definedBy("dev.cardinal.cli..")
            .layer("ui").definedBy("dev.cardinal.ui..")
            .layer("launcher").definedBy("dev.cardinal")
            // the two front ends do not know each other: the launcher gives the command line a way to open the window
            .whereLayer("launcher").mayNotBeAccessedByAnyLayer()
            .whereLayer("ui").mayOnlyBeAccessedByLayers("launcher")
            .whereLayer("cli").mayOnlyBeAccessedByLayers("launcher")
            .whereLayer("capture").mayOnlyBeAccessedByLayers("ui", "cli")
            // the list of engines and the bundle that asks them; compare's query contrast still names it (issue 32)
            .whereLayer("engines").mayOnlyBeAccessedByLayers("compare", "ui", "cli")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("engines", "compare", "ui", "cli")
            .whereLayer("seam").mayOnlyBeAccessedByLayers("lineprotocol", "engine", "engines", "compare", "ui", "cli")
            .whereLayer("compare").mayOnlyBeAccessedByLayers("ui", "cli")
            .whereLayer("lineprotocol").mayOnlyBeAccessedByLayers("compare", "engine", "engines", "capture", "ui", "cli")
            // the seam names Rule: an engine contributes its own lint rules (Engine.lintRules)
            .whereLayer("lint").mayOnlyBeAccessedByLayers("compare", "seam", "engine", "engines", "ui", "cli")
            .whereLayer("projection").mayOnlyBeAccessedByLayers("lint", "lineprotocol", "compare", "seam", "engine", "engines",
                "capture", "ui", "cli", "launcher")
            .whereLayer("traffic").mayOnlyBeAccessedByLayers("projection", "lint", "lineprotocol", "compare", "seam", "engine",
                "engines", "capture", "ui", "cli")
            .check(classes);
    }

    @Test
    void theCoreNamesNoEngine() {
        noClasses().that().resideInAnyPackage(CORE).should().dependOnClassesThat()
            .resideInAnyPackage("dev.cardinal.engine..", "dev.cardinal.engines..", "dev.cardinal.lineprotocol..")
            .check(classes);
    }

    @Test
    void theComparisonsNameNoEngine() {
        // the query contrast asks each engine's QueryWriter through the seam; the front ends hand it the languages
        noClasses().that().resideInAPackage("dev.cardinal.compare..")
            .should().dependOnClassesThat().resideInAnyPackage(ENGINES, "dev.cardinal.engines..")
            .check(classes);
    }

    @Test
    void noEngineNamesAnother() {
        slices().matching("dev.cardinal.engine.(*)..").should().notDependOnEachOther().check(classes);
    }

    /**
     * The engines added behind the seam (issue 35) are reached by the front ends through it alone: counted, generated,
     * planned, applied and imported by asking {@code Engines}, never by naming their packages.
     */
    @Test
    void frontEndsReachTheMetricsEnginesThroughTheSeam() {
        noClasses().that().resideInAnyPackage("dev.cardinal.cli..", "dev.cardinal.ui..", "dev.cardinal.capture..",
                "dev.cardinal.compare..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.cardinal.engine.victoriametrics..",
                "dev.cardinal.engine.prometheus..")
            .check(classes);
    }

    /**
     * A front end plans, applies, writes a sample to and imports from a live server through {@code Engines.pushing(kind)}
     * alone: it names no engine's push class (a {@code PushTarget}, a {@code Pushing}, an importer or another push
     * client). The sample's comparison comes rendered by the engine ({@code SampleCheck}); the scratch influxd, the
     * dynamic-mapping index and the strict template's field count are capabilities of {@code Pushing} (issue 32).
     */
    @Test
    void frontEndsNameNoEnginesPushClass() {
        noClasses().that().resideInAnyPackage("dev.cardinal.cli..", "dev.cardinal.ui..")
            .should().dependOnClassesThat(PUSH_CLASSES)
            .check(classes);
    }

    /**
     * A front end migrates through {@code Engines.migrating(kind)} (issue 37): neither {@code cardinal migrate} nor the
     * Migrate step names an engine's migration class, its client for it, or its progress file.
     */
    @Test
    void frontEndsMigrateThroughTheSeam() {
        noClasses().that().resideInAnyPackage("dev.cardinal.cli..", "dev.cardinal.ui..")
            .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("an engine's migration class", c ->
                c.getPackageName().startsWith("dev.cardinal.engine.")
                    && (c.isAssignableTo(dev.cardinal.engine.Migrating.class) || c.isAssignableTo(dev.cardinal.engine.Migration.class)
                    || c.getSimpleName().matches(".*(Migrat|FluxHttp|V3Http|V3Rewrite).*"))))
            .check(classes);
    }

    /** The classes of an engine package that plan, apply, write to or import from a live server. */
    private static final com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> PUSH_CLASSES =
        com.tngtech.archunit.base.DescribedPredicate.describe("an engine's push class", c ->
            c.getPackageName().startsWith("dev.cardinal.engine.")
                && (c.isAssignableTo(dev.cardinal.engine.PushTarget.class) || c.isAssignableTo(dev.cardinal.engine.Pushing.class)
                || c.getSimpleName().matches(".*(Push|Pushing|Import)")));

    @Test
    void theSeamAndLineProtocolNameNoEngine() {
        noClasses().that().resideInAnyPackage("dev.cardinal.engine", "dev.cardinal.lineprotocol..")
            .should().dependOnClassesThat().resideInAnyPackage(ENGINES, "dev.cardinal.engines..")
            .check(classes);
    }

    @Test
    void theCoreNeverImportsJavaFx() {
        noClasses().that().resideInAnyPackage(OFFLINE).or().resideInAnyPackage(ENGINES, "dev.cardinal.capture..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
            .check(classes);
    }

    @Test
    void theCoreNeverOpensANetworkConnection() {
        network(noClasses().that().resideInAnyPackage(OFFLINE).should().dependOnClassesThat().resideInAnyPackage(NETWORK))
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URL")
            .check(classes);
    }

    /** A front end may name a {@code URL} (the command line finds its own jar by one), not a connection. */
    @Test
    void onlyTheEnginesTheCaptureAndTheUiReachTheNetwork() {
        network(noClasses().that().resideOutsideOfPackages(ENGINES, "dev.cardinal.capture..", "dev.cardinal.ui..")
            .should().dependOnClassesThat().resideInAnyPackage(NETWORK))
            .check(classes);
    }

    private static ClassesShouldConjunction network(ClassesShouldConjunction rule) {
        return rule.orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URLConnection")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection");
    }
}

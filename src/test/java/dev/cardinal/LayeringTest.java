package dev.cardinal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** ARCHITECTURE.md: dependencies point one way, and the core neither draws nor talks to the network. */
class LayeringTest {
    private static final String[] CORE = {"dev.cardinal.model..", "dev.cardinal.traffic..", "dev.cardinal.projection..",
        "dev.cardinal.lint..", "dev.cardinal.lineprotocol..", "dev.cardinal.compare.."};
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.cardinal");
        // the rules below pass vacuously on an empty import; make sure the layers are really there
        for (String layer : new String[]{"model", "traffic", "projection", "lineprotocol", "engine", "engines", "capture", "cli", "ui"}) {
            assertTrue(classes.stream().anyMatch(c -> c.getPackageName().startsWith("dev.cardinal." + layer)),
                "no classes found in dev.cardinal." + layer);
        }
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
            .layer("engines").definedBy("dev.cardinal.engine..", "dev.cardinal.engines..")
            .layer("capture").definedBy("dev.cardinal.capture..")
            .layer("cli").definedBy("dev.cardinal.cli..")
            .layer("ui").definedBy("dev.cardinal.ui..")
            .layer("launcher").definedBy("dev.cardinal")
            // the two front ends do not know each other: the launcher gives the command line a way to open the window
            .whereLayer("launcher").mayNotBeAccessedByAnyLayer()
            .whereLayer("ui").mayOnlyBeAccessedByLayers("launcher")
            .whereLayer("cli").mayOnlyBeAccessedByLayers("launcher")
            .whereLayer("engines").mayOnlyBeAccessedByLayers("lineprotocol", "compare", "ui", "cli")
            .whereLayer("capture").mayOnlyBeAccessedByLayers("ui", "cli")
            .whereLayer("compare").mayOnlyBeAccessedByLayers("ui", "cli")
            .whereLayer("lint").mayOnlyBeAccessedByLayers("compare", "engines", "ui", "cli")
            .whereLayer("lineprotocol").mayOnlyBeAccessedByLayers("compare", "engines", "ui", "cli")
            .whereLayer("projection").mayOnlyBeAccessedByLayers("lint", "lineprotocol", "compare", "engines", "capture", "ui", "cli", "launcher")
            .whereLayer("traffic").mayOnlyBeAccessedByLayers("projection", "lint", "lineprotocol", "compare", "engines", "capture", "ui", "cli")
            .check(classes);
    }

    @Test
    void theCoreNeverImportsJavaFx() {
        noClasses().that().resideInAnyPackage(CORE).should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
            .check(classes);
    }

    @Test
    void theCoreNeverOpensANetworkConnection() {
        noClasses().that().resideInAnyPackage(CORE).should().dependOnClassesThat()
            .resideInAnyPackage("java.net.http..", "okhttp3..", "com.influxdb..", "java.sql..", "retrofit2..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URLConnection")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URL")
            .check(classes);
    }

    @Test
    void onlyTheEnginesAndUiLayersReachTheNetworkClients() {
        noClasses().that().resideOutsideOfPackages("dev.cardinal.engine..", "dev.cardinal.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("com.influxdb..", "okhttp3..")
            .allowEmptyShould(true)
            .check(classes);
    }
}

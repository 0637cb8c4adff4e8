package dev.cardinal;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Cardinal's main classes, of every module on the class path, for the architecture tests. Test classes are left out:
 * this module's (its test-classes folder) and the core's, which come as the core's test jar.
 */
public final class MainClasses {
    private MainClasses() {
    }

    public static JavaClasses imported() {
        return new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.cardinal");
    }
}

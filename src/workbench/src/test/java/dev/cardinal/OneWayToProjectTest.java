package dev.cardinal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructor;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjector;
import dev.cardinal.projection.MergedSummaryProjector;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SummaryProjector;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md: one entry decides how to project ({@code Projections}) for every front end. Outside the projection
 * package no class makes a projector of its own, so the choice cannot grow back in a command or a panel.
 */
class OneWayToProjectTest {
    private static final Set<String> PROJECTORS = Set.of(Projector.class.getName(), SummaryProjector.class.getName(),
        MergedSummaryProjector.class.getName(), MappingProjector.class.getName());

    @Test
    void onlyTheEntryChoosesAProjector() {
        JavaClasses classes = MainClasses.imported();
        DescribedPredicate<JavaCall<?>> choosing = DescribedPredicate.describe("a projector of its own", call -> {
            String owner = call.getTargetOwner().getName();
            String name = call.getName();
            return PROJECTORS.contains(owner) && (name.equals(JavaConstructor.CONSTRUCTOR_NAME) || name.equals("interactive"))
                || owner.equals(LayoutDocuments.class.getName()) && name.equals("project");
        });
        noClasses().that().resideOutsideOfPackage("dev.cardinal.projection..").should().callCodeUnitWhere(choosing)
            .because("Projections.project decides which projector runs").check(classes);
    }
}

package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import dev.cardinal.MainClasses;
import dev.cardinal.engine.Engine;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The one list of engines: every engine package is in it once, and each name asks for one engine. */
class EnginesTest {

    @Test
    void everyEnginePackageIsListedOnceWithItsOwnEngine() {
        Set<String> packages = MainClasses.imported().stream().map(JavaClass::getPackageName)
            .filter(p -> p.startsWith("dev.cardinal.engine.")).map(p -> p.split("\\.")[3])
            .collect(Collectors.toCollection(TreeSet::new));
        Set<String> listed = Engines.all().stream().map(e -> e.getClass().getPackageName().split("\\.")[3])
            .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(packages, listed, "each package under dev.cardinal.engine is one engine, listed in Engines");
        assertEquals(Engines.all().size(), listed.size(), "one engine per package");
    }

    @Test
    void everyNameAsksForOneEngine() {
        Set<String> seen = new HashSet<>();
        for (Engine e : Engines.all()) {
            assertTrue(seen.add(e.name()), "name used twice: " + e.name());
            e.aliases().forEach(a -> assertTrue(seen.add(a), "alias used twice: " + a));
        }
        assertEquals("opensearch", Engines.named("Elasticsearch").orElseThrow().name());
        assertEquals("influxdb", Engines.named("INFLUXDB").orElseThrow().name());
        assertEquals("influxdb3", Engines.named("InfluxDB-Cloud-Serverless").orElseThrow().name());
        assertTrue(Engines.named("graphite").isEmpty());
    }

    @Test
    void theBundleAsksEveryGeneratorInTheListsOrder() {
        List<String> order = Engines.generators().stream().map(g -> g.getClass().getPackageName()).toList();
        assertEquals(List.of("dev.cardinal.engine.influxdb1", "dev.cardinal.engine.influxdb2", "dev.cardinal.engine.influxdb3",
            "dev.cardinal.engine.opensearch", "dev.cardinal.engine.prometheus", "dev.cardinal.engine.sql",
            "dev.cardinal.engine.victoriametrics"), order);
    }
}

package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Versions as servers name them in X-Influxdb-Version and users type them. */
class ServerVersionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"1.6.7, 1.6.7", "v2.7.11, 2.7.11", "1.8, 1.8.0", "1.7.8rc1, 1.7.8", "1.8.10-rc0, 1.8.10", "' 3.0.0 ', 3.0.0",
        "1.11.8+ent, 1.11.8"})
    void readsWhatServersSend(String text, String version) {
        assertEquals(version, ServerVersion.parse(text).toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "1.8.x | '1.8.x': expected a number at character 5 (a version such as 1.8.10)",
        "1 | '1': expected MAJOR.MINOR at least, such as 1.8 or 1.8.10",
        "1.8.10.2 | '1.8.10.2': unexpected '.' at character 7 (a version such as 1.8.10, optionally followed by -rc1)",
        "4.0 | '4.0': InfluxDB versions are 1.x, 2.x or 3.x",
        "unknown | 'unknown': expected a number at character 1 (a version such as 1.8.10)",
        "1.8. | '1.8.': expected a number at character 5 (a version such as 1.8.10)"})
    void saysWhereAndWhyATextIsNoVersion(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> ServerVersion.parse(text)).getMessage());
    }

    @Test
    void ordersByNumberNotByText() {
        assertTrue(ServerVersion.parse("1.7.10").compareTo(ServerVersion.parse("1.7.8")) > 0);
        assertTrue(ServerVersion.parse("1.7.8").atLeast(1, 7, 8));
        assertTrue(!ServerVersion.parse("1.7.7").atLeast(1, 7, 8));
        assertEquals(ServerVersion.parse("v1.8.10"), ServerVersion.parse("1.8.10"));
        assertEquals("v1.8.10", ServerVersion.parse("v1.8.10").text());
    }
}

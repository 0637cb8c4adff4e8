package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests against a real influxd run wherever it is installed. On CI (CI=true) it must be: .ci/run installs it, and a
 * missing server there is a failure, not a quiet skip.
 */
public final class InfluxdRequired {
    private InfluxdRequired() {
    }

    public static void check() {
        if (ScratchInfluxd.available()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("influxd is not on the PATH; .ci/run should have installed the influxdb package");
        }
        assumeTrue(false, "influxd is not on the PATH (install the influxdb package)");
    }
}

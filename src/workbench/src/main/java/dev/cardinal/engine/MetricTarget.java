package dev.cardinal.engine;

import java.io.IOException;
import java.util.Collection;

/** A push target whose plans are of metrics ({@link MetricPlan}): apply has no statement to run. */
public interface MetricTarget extends PushTarget {
    @Override
    default Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor) throws IOException, InterruptedException {
        return Applied.run(plan, allowed, monitor, statement -> {
            throw new IllegalStateException("a plan of metrics has no statements: " + statement);
        });
    }
}

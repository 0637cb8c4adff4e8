package dev.cardinal.lint;

import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.ReadReport;
import java.util.Map;

/** What the traffic says about a layout: the figures every rule may read, whatever the traffic came as. */
public sealed interface LayoutTraffic permits LayoutTraffic.Rows, LayoutTraffic.Summary {
    AtHorizon projection();

    /** Shard groups holding points inside the retention. */
    long shardGroups();

    /** Each series counted once per shard group it has points in, over those shard groups. */
    long shardGroupSeries();

    /** Tag key to distinct values written. */
    Map<String, Long> tags();

    /**
     * The rows themselves.
     *
     * @param index  the event kind's sample
     * @param report what reading the sample reported (type conflicts among it)
     */
    record Rows(Projection projection, SampleIndex index, ReadReport report) implements LayoutTraffic {
        @Override
        public long shardGroups() {
            return projection.now().shardGroups();
        }

        @Override
        public long shardGroupSeries() {
            return projection.now().shardGroupSeries();
        }

        @Override
        public Map<String, Long> tags() {
            return projection.now().tags();
        }
    }

    /** A traffic summary's figures for the layout. */
    record Summary(SummaryProjection projection) implements LayoutTraffic {
        @Override
        public long shardGroups() {
            return projection.shardGroups();
        }

        @Override
        public long shardGroupSeries() {
            return projection.shardGroupSeries();
        }

        @Override
        public Map<String, Long> tags() {
            return projection.tags();
        }
    }
}

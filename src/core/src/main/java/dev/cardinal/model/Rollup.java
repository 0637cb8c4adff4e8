package dev.cardinal.model;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A downsampling plan: read a layout's points, aggregate each field per window and group, and write the result to
 * a destination (an InfluxDB retention policy or bucket, or a relational summary table keyed by ids).
 *
 * @param id         stable identifier
 * @param name       display name
 * @param layout     id of the source layout
 * @param window     aggregation window, e.g. 1d
 * @param aggregates what to compute, per source attribute
 * @param groupBy    attributes to group by (tags in InfluxQL; any column in SQL)
 * @param destination where the result goes
 * @param query      how its InfluxDB 1.x continuous query says more than Cardinal's own would (an imported one);
 *                   null for Cardinal's own
 * @param owner      what owns each value of the first group-by attribute (an account owning listings), for the
 *                   report per owner; null when none is named
 */
public record Rollup(String id, String name, String layout, Duration window, List<AggregateSpec> aggregates,
                     List<String> groupBy, Destination destination, RollupQuery query, Owner owner) {

    public Rollup {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(destination, "destination");
        aggregates = List.copyOf(aggregates);
        groupBy = List.copyOf(groupBy);
    }

    /** A rollup with Cardinal's own continuous query and without an owner. */
    public Rollup(String id, String name, String layout, Duration window, List<AggregateSpec> aggregates,
                  List<String> groupBy, Destination destination) {
        this(id, name, layout, window, aggregates, groupBy, destination, null, null);
    }

    /** The same rollup saying what its continuous query says beyond Cardinal's own (an imported one). */
    public Rollup withQuery(RollupQuery q) {
        return new Rollup(id, name, layout, window, aggregates, groupBy, destination, q, owner);
    }

    /** The same rollup with an owner for its report per owner. */
    public Rollup withOwner(Owner o) {
        return new Rollup(id, name, layout, window, aggregates, groupBy, destination, query, o);
    }

    /**
     * The entity that owns each value of a rollup's first group-by attribute, e.g. the account of a listing: a table
     * of the relational database with a row per value, in a column of the attribute's name, and its owner's id.
     *
     * @param table  the entity table, e.g. {@code listing}
     * @param column its column holding the owner's id, e.g. {@code account_id}
     * @param type   the owner id's type
     */
    public record Owner(String table, String column, ValueType type) {
        public Owner {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(type, "type");
        }
    }

    /**
     * One aggregate of one attribute, e.g. {@code sum(count)}.
     *
     * @param as the name of the result (InfluxQL's {@code AS}): null for Cardinal's {@code ATTRIBUTE_FUNCTION}, and
     *           empty for none at all, as InfluxQL itself reads an empty alias (the server then names the result after
     *           the function)
     */
    public record AggregateSpec(String attribute, Aggregate function, String as) {
        public AggregateSpec {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(function, "function");
        }

        public AggregateSpec(String attribute, Aggregate function) {
            this(attribute, function, null);
        }
    }

    /** The kind of place a rollup writes to. */
    public enum DestinationKind {
        RETENTION_POLICY, BUCKET, RELATIONAL_TABLE;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static java.util.Optional<DestinationKind> fromId(String id) {
            for (DestinationKind k : values()) {
                if (k.id().equals(id)) {
                    return java.util.Optional.of(k);
                }
            }
            return java.util.Optional.empty();
        }
    }

    /**
     * @param kind      where the rows go
     * @param name      retention policy, bucket or table name
     * @param retention how long the destination keeps rows ({@link Duration#ZERO}: forever)
     */
    public record Destination(DestinationKind kind, String name, Duration retention) {
        public Destination {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(retention, "retention");
        }
    }
}

package dev.cardinal.engine.sql;

/**
 * The part of every slot writer ({@link SlotWriter}) that does not depend on the layout: the statements holder, one
 * mapping with its two LRU caches and its allocation transaction, and the exception of a full scope. Kept as text
 * because it is Java for the user's class path, not Cardinal's; it holds no backslash, so javac reads no escape of
 * its own in it. {@code SlotWriterTest} compiles and runs it on both engines.
 */
final class SlotWriterRuntime {
    static final String TEXT = """

            /** All the slots of a scope are taken and the name holds none: its value has no key to go under. */
            public static final class ScopeFullException extends SQLException {
                private static final long serialVersionUID = 1L;
                private final List<String> scope;
                private final String name;
                private final int max;

                ScopeFullException(String message, List<String> scope, String name, int max) {
                    super(message);
                    this.scope = scope;
                    this.name = name;
                    this.max = max;
                }

                /** The scope's values (the tenant), in the order of the slot's scope. */
                public List<String> scope() {
                    return scope;
                }

                /** The name that found no slot. */
                public String name() {
                    return name;
                }

                /** The scope's slots, all taken. */
                public int max() {
                    return max;
                }
            }

            /** The slot tables' statements of one mapping for one engine, or why that engine cannot hold its names. */
            private static final class Statements {
                final String lookup;
                final String ensure;
                final String take;
                final String current;
                final String insert;
                final String reverse;
                final String refused;

                Statements(String lookup, String ensure, String take, String current, String insert, String reverse) {
                    this(lookup, ensure, take, current, insert, reverse, null);
                }

                private Statements(String lookup, String ensure, String take, String current, String insert, String reverse,
                                   String refused) {
                    this.lookup = lookup;
                    this.ensure = ensure;
                    this.take = take;
                    this.current = current;
                    this.insert = insert;
                    this.reverse = reverse;
                    this.refused = refused;
                }

                static Statements refused(String why) {
                    return new Statements(null, null, null, null, null, null, why);
                }

                /** PostgreSQL, or MariaDB/MySQL (false); another engine has no slot tables. */
                static boolean postgresql(Connection connection) throws SQLException {
                    String product = connection.getMetaData().getDatabaseProductName();
                    if (product.contains("PostgreSQL")) {
                        return true;
                    }
                    if (product.contains("MariaDB") || product.contains("MySQL")) {
                        return false;
                    }
                    throw new SQLException("the slot tables are made for MariaDB/MySQL or PostgreSQL, not " + product);
                }
            }

            /** A bounded map that forgets the entry used least recently; safe to share between threads. */
            private static final class Lru<K, V> {
                private final Map<K, V> entries;

                Lru(int bound) {
                    this.entries = new LinkedHashMap<K, V>(16, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                            return size() > bound;
                        }
                    };
                }

                synchronized V get(K key) {
                    return entries.get(key);
                }

                synchronized void put(K key, V value) {
                    entries.put(key, value);
                }
            }

            /** One mapping: names to slots and back, each behind its cache; what the cache lacks comes from the tables. */
            private static final class Slots {
                /** A duplicate key or a deadlock the engine broke is tried again from the lookup, this often at most. */
                private static final int ATTEMPTS = 20;
                private final Connection connection;
                private final Statements sql;
                private final String[] scopeNames;
                private final String attribute;
                private final int max;
                private final Lru<List<String>, Integer> slots;
                private final Lru<List<String>, String> names;

                Slots(Connection connection, Statements sql, String[] scopeNames, String attribute, int max, int cacheSize)
                    throws SQLException {
                    if (sql.refused != null) {
                        throw new SQLException("no slot tables for " + attribute + " on " + sql.refused);
                    }
                    if (cacheSize < 1) {
                        throw new IllegalArgumentException("cacheSize must be 1 or more, not " + cacheSize);
                    }
                    this.connection = connection;
                    this.sql = sql;
                    this.scopeNames = scopeNames;
                    this.attribute = attribute;
                    this.max = max;
                    this.slots = new Lru<>(cacheSize);
                    this.names = new Lru<>(cacheSize);
                }

                int slotOf(String[] scope, String name) throws SQLException {
                    List<String> key = key(scope, name, attribute);
                    Integer cached = slots.get(key);
                    if (cached != null) {
                        return cached;
                    }
                    int slot = inTransaction(() -> allocate(scope, name));
                    slots.put(key, slot);
                    names.put(key(scope, Integer.toString(slot), "slot"), name);
                    return slot;
                }

                Optional<String> nameOf(String[] scope, int slot) throws SQLException {
                    List<String> key = key(scope, Integer.toString(slot), "slot");
                    String cached = names.get(key);
                    if (cached != null) {
                        return Optional.of(cached);
                    }
                    String name = inTransaction(() -> {
                        try (PreparedStatement ps = prepare(sql.reverse, scope)) {
                            ps.setInt(scope.length + 1, slot);
                            try (ResultSet rs = ps.executeQuery()) {
                                return rs.next() ? rs.getString(1) : null;
                            }
                        }
                    });
                    if (name == null) {
                        return Optional.empty(); // not cached: the slot may be taken later
                    }
                    names.put(key, name);
                    slots.put(key(scope, name, attribute), slot);
                    return Optional.of(name);
                }

                /** The slot tables' allocation: look up; else count on, refused when full; map; all in one transaction. */
                private int allocate(String[] scope, String name) throws SQLException {
                    try (PreparedStatement ps = prepare(sql.lookup, scope)) {
                        ps.setString(scope.length + 1, name);
                        try (ResultSet rs = ps.executeQuery()) {
                            if (rs.next()) {
                                return rs.getInt(1);
                            }
                        }
                    }
                    try (PreparedStatement ps = prepare(sql.ensure, scope)) {
                        ps.executeUpdate();
                    }
                    int slot;
                    if (sql.current.isEmpty()) { // PostgreSQL: the update returns the slot it took
                        try (PreparedStatement ps = prepare(sql.take, scope); ResultSet rs = ps.executeQuery()) {
                            if (!rs.next()) {
                                throw full(scope, name);
                            }
                            slot = rs.getInt(1);
                        }
                    } else {
                        try (PreparedStatement ps = prepare(sql.take, scope)) {
                            if (ps.executeUpdate() == 0) {
                                throw full(scope, name);
                            }
                        }
                        try (PreparedStatement ps = prepare(sql.current, scope); ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            slot = rs.getInt(1);
                        }
                    }
                    try (PreparedStatement ps = prepare(sql.insert, scope)) {
                        ps.setString(scope.length + 1, name);
                        ps.setInt(scope.length + 2, slot);
                        ps.executeUpdate();
                    }
                    return slot;
                }

                private interface Work<T> {
                    T run() throws SQLException;
                }

                /**
                 * One transaction on the connection, the only one at a time; rolled back on failure and tried again
                 * when another writer mapped the name first (a duplicate key) or the engine broke a deadlock.
                 */
                private <T> T inTransaction(Work<T> work) throws SQLException {
                    synchronized (connection) {
                        boolean autoCommit = connection.getAutoCommit();
                        connection.setAutoCommit(false);
                        try {
                            for (int attempt = 1; ; attempt++) {
                                try {
                                    T result = work.run();
                                    connection.commit();
                                    return result;
                                } catch (SQLException e) {
                                    try {
                                        connection.rollback();
                                    } catch (SQLException rollback) {
                                        e.addSuppressed(rollback);
                                        throw e;
                                    }
                                    String state = e.getSQLState();
                                    boolean again = state != null && (state.startsWith("23") || state.startsWith("40"));
                                    if (e instanceof ScopeFullException || !again || attempt == ATTEMPTS) {
                                        throw e;
                                    }
                                }
                            }
                        } finally {
                            connection.setAutoCommit(autoCommit);
                        }
                    }
                }

                private PreparedStatement prepare(String statement, String[] scope) throws SQLException {
                    PreparedStatement ps = connection.prepareStatement(statement);
                    for (int i = 0; i < scope.length; i++) {
                        ps.setString(i + 1, scope[i]);
                    }
                    return ps;
                }

                private ScopeFullException full(String[] scope, String name) {
                    StringBuilder where = new StringBuilder();
                    for (int i = 0; i < scope.length; i++) {
                        where.append(i == 0 ? " for " : ", ").append(scopeNames[i]).append(' ').append(shown(scope[i]));
                    }
                    return new ScopeFullException("all " + max + " slots of " + attribute + where + " are taken: "
                        + shown(name) + " gets none", List.of(scope), name, max);
                }

                /** The scope and a last part, checked: a null has no slot. */
                private List<String> key(String[] scope, String last, String lastName) {
                    List<String> key = new ArrayList<>(scope.length + 1);
                    for (int i = 0; i < scope.length; i++) {
                        if (scope[i] == null) {
                            throw new NullPointerException(scopeNames[i] + " is null");
                        }
                        key.add(scope[i]);
                    }
                    if (last == null) {
                        throw new NullPointerException(lastName + " is null");
                    }
                    key.add(last);
                    return key;
                }

                /** A value in a message: quoted, its control and format characters spelled as Java escapes. */
                private static String shown(String value) {
                    StringBuilder sb = new StringBuilder("'");
                    value.codePoints().forEach(c -> {
                        int type = Character.getType(c);
                        if (type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                            || type == Character.PARAGRAPH_SEPARATOR) {
                            sb.append((char) 92).append('u').append(String.format(Locale.ROOT, "%04x", c));
                        } else {
                            sb.appendCodePoint(c);
                        }
                    });
                    return sb.append("'").toString();
                }
            }
        """;

    private SlotWriterRuntime() {
    }
}

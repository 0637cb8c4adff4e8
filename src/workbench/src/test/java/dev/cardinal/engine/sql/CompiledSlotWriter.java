package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A layout's generated slot writer ({@link SlotWriter}) compiled by the JDK's compiler into a folder of its own and
 * loaded, with the slot tables it needs made from {@link SlotTables} on a real engine. Tests call it through
 * reflection, as an application that only has the generated source would call it directly.
 */
public final class CompiledSlotWriter implements AutoCloseable {
    private final String source;
    private final URLClassLoader loader;
    private final Class<?> type;

    private CompiledSlotWriter(String source, URLClassLoader loader, Class<?> type) {
        this.source = source;
        this.loader = loader;
        this.type = type;
    }

    /** Generates {@code layout}'s writer into {@code dir}, compiles it there (javac's messages in the failure) and loads it. */
    public static CompiledSlotWriter compile(EventKind kind, Layout layout, EventKindSample sample, Path dir) throws Exception {
        String className = SlotWriter.className(layout);
        String source = SlotWriter.java(kind, layout, sample, className);
        Path file = Files.writeString(Files.createDirectories(dir).resolve(className + ".java"), source);
        StringWriter messages = new StringWriter();
        boolean compiled = javax.tools.ToolProvider.getSystemJavaCompiler().getTask(messages, null, null,
            List.of("-d", dir.toString(), "-Xlint:all", "-Werror"), null,
            javax.tools.ToolProvider.getSystemJavaCompiler().getStandardFileManager(null, null, null).getJavaFileObjects(file)).call();
        assertEquals(true, compiled, messages + "\n" + source);
        URLClassLoader loader = new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, CompiledSlotWriter.class.getClassLoader());
        return new CompiledSlotWriter(source, loader, Class.forName(className, true, loader));
    }

    public String source() {
        return source;
    }

    public Class<?> type() {
        return type;
    }

    /** A writer over {@code connection}, keeping {@code cacheSize} entries per direction. */
    public Object open(Connection connection, int cacheSize) throws Exception {
        try {
            return type.getConstructor(Connection.class, int.class).newInstance(connection, cacheSize);
        } catch (InvocationTargetException e) {
            throw unwrapped(e);
        }
    }

    /** {@code method(args...)} on {@code writer}, its own exception thrown as it is. */
    public Object call(Object writer, String method, Object... args) throws Exception {
        Method m = Arrays.stream(type.getMethods()).filter(x -> x.getName().equals(method) && x.getParameterCount() == args.length)
            .findFirst().orElseThrow(() -> new AssertionError("no " + method + " with " + args.length + " parameters in\n" + source));
        try {
            return m.invoke(writer, args);
        } catch (InvocationTargetException e) {
            throw unwrapped(e);
        }
    }

    public int slotOf(Object writer, String... scopeAndName) throws Exception {
        return (Integer) call(writer, "slotOf", (Object[]) scopeAndName);
    }

    @SuppressWarnings("unchecked")
    public Optional<String> nameOf(Object writer, int slot, String... scope) throws Exception {
        List<Object> args = new ArrayList<>(List.of(scope));
        args.add(slot);
        return (Optional<String>) call(writer, "nameOf", args.toArray());
    }

    @SuppressWarnings("unchecked")
    public <V> Map<String, V> fields(Object writer, Map<String, V> values, String... scope) throws Exception {
        List<Object> args = new ArrayList<>(List.of(scope));
        args.add(values);
        return (Map<String, V>) call(writer, "fields", args.toArray());
    }

    private static Exception unwrapped(InvocationTargetException e) {
        return e.getCause() instanceof Exception cause ? cause : e;
    }

    @Override
    public void close() throws Exception {
        loader.close();
    }

    /** The slot tables of every slot in {@code layout}'s field keys, made on {@code c}; dropped by the returned action. */
    public static AutoCloseable tables(Connection c, SqlDialect d, EventKind kind, Layout layout, EventKindSample sample)
        throws SQLException {
        List<String> drops = new ArrayList<>();
        try (Statement st = c.createStatement()) {
            for (Template.SlotRef slot : SlotWriter.slots(layout)) {
                SlotTables.Script s = SlotTables.generate(d, slot, kind, sample, SlotTables.prefix(layout, slot));
                st.execute(s.createMap());
                drops.add("DROP TABLE " + d.identifier(s.mapTable()));
                st.execute(s.createCounter());
                drops.add("DROP TABLE " + d.identifier(s.counterTable()));
            }
        }
        return () -> {
            try (Statement st = c.createStatement()) {
                for (String drop : drops) {
                    st.execute(drop);
                }
            }
        };
    }

    /**
     * The real connection behind a proxy that counts the statements prepared on it: the generated writer prepares
     * each statement it runs once, so the count is the statements it sent.
     */
    public record Counting(Connection connection, AtomicInteger statements) {
        public static Counting of(Connection real) {
            AtomicInteger count = new AtomicInteger();
            Connection proxy = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (p, method, args) -> {
                    if (method.getName().equals("prepareStatement")) {
                        count.incrementAndGet();
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
            return new Counting(proxy, count);
        }

        /** The statements prepared since the last call. */
        public int taken() {
            return statements.getAndSet(0);
        }
    }
}

package dev.cardinal.traffic.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the traffic says, point by point: the shapes and growth each scenario is meant to teach. */
class ScenarioTrafficTest {
    private static final long HOUR = 3_600_000_000_000L;
    private static final long DAY = 24 * HOUR;

    @TempDir
    static Path dir;

    private static List<LineProtocolLines> read(String name) throws IOException {
        Path d = dir.resolve(name);
        Scenarios.write(name, d);
        return LineProtocolLines.read(d.resolve("traffic.lp.gz")).stream().map(LineProtocolLines::parse).toList();
    }

    private static List<LineProtocolLines> ads;
    private static List<LineProtocolLines> weather;
    private static List<LineProtocolLines> metrics;

    @BeforeAll
    static void generate() throws IOException {
        ads = read("ad-marketplace");
        weather = read("weather");
        metrics = read("custom-metrics");
    }

    @Test
    void adEventsAreWrittenWithIdsAsTags() {
        Pattern session = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        Map<String, Integer> events = new HashMap<>();
        for (LineProtocolLines p : ads) {
            assertEquals("listing_event", p.measurement());
            assertEquals(List.of("event", "listing_id", "user_id", "device", "session_id"), List.copyOf(p.tags().keySet()));
            assertEquals(List.of("page_url", "count"), List.copyOf(p.fields().keySet()));
            assertTrue(Set.of("view", "click", "contact", "favorite", "share").contains(p.tags().get("event")));
            assertTrue(Set.of("desktop", "mobile", "tablet", "ios-app", "android-app").contains(p.tags().get("device")));
            assertTrue(p.tags().get("listing_id").matches("L\\d{6}"), p.tags().get("listing_id"));
            assertTrue(p.tags().get("user_id").matches("u\\d{4,}"), p.tags().get("user_id"));
            assertTrue(session.matcher(p.tags().get("session_id")).matches(), p.tags().get("session_id"));
            assertTrue(LineProtocolLines.text(p.fields().get("page_url")).startsWith("/listing/" + p.tags().get("listing_id") + "?ref="));
            assertTrue(p.fields().get("count").matches("[1-9]\\d*i"));
            events.merge(p.tags().get("event"), 1, Integer::sum);
        }
        int views = events.get("view");
        events.forEach((e, n) -> assertTrue(e.equals("view") || n < views / 2, e + " " + n));
    }

    @Test
    void adSessionsAreOneUserOnOneDeviceForThreeToTwentyEvents() {
        long end = ads.get(ads.size() - 1).time();
        Map<String, List<LineProtocolLines>> sessions = new HashMap<>();
        ads.forEach(p -> sessions.computeIfAbsent(p.tags().get("session_id"), k -> new java.util.ArrayList<>()).add(p));
        for (List<LineProtocolLines> s : sessions.values()) {
            assertEquals(1, s.stream().map(p -> p.tags().get("user_id") + "/" + p.tags().get("device")).distinct().count());
            assertTrue(s.size() <= 20);
            // only the sessions still open when the sample stops may be cut short
            assertTrue(s.size() >= 3 || s.get(s.size() - 1).time() > end - 2 * HOUR, "short session " + s.size());
        }
    }

    @Test
    void adIdsGrowWithTrafficWhileAboutNineHundredListingsAreActive() {
        long start = ads.get(0).time();
        Set<String> firstDay = new HashSet<>();
        Set<String> lastDay = new HashSet<>();
        Set<String> users = new HashSet<>();
        Map<String, Integer> visitsPerUser = new HashMap<>();
        for (LineProtocolLines p : ads) {
            long day = (p.time() - start) / DAY;
            (day == 0 ? firstDay : day == 13 ? lastDay : new HashSet<String>()).add(p.tags().get("listing_id"));
            users.add(p.tags().get("user_id"));
            visitsPerUser.merge(p.tags().get("user_id") + "/" + p.tags().get("session_id"), 1, Integer::sum);
        }
        assertTrue(firstDay.size() > 300 && firstDay.size() <= 900, "first day " + firstDay.size());
        assertTrue(lastDay.stream().max(String::compareTo).get().compareTo(firstDay.stream().max(String::compareTo).get()) > 0);
        assertTrue(users.size() > 1_000, "users " + users.size());
        Map<String, Integer> sessionsPerUser = new HashMap<>();
        visitsPerUser.keySet().forEach(k -> sessionsPerUser.merge(k.substring(0, k.indexOf('/')), 1, Integer::sum));
        assertTrue(sessionsPerUser.values().stream().filter(n -> n > 1).count() > 100, "returning users");
    }

    @Test
    void weatherHas72SensorsReportingEveryHalfHour() {
        Map<String, Long> last = new TreeMap<>();
        for (LineProtocolLines p : weather) {
            assertEquals("weather", p.measurement());
            assertEquals(List.of("crop", "plot", "region"), List.copyOf(p.tags().keySet()));
            assertEquals(Set.of("temp"), p.fields().keySet());
            String temp = p.fields().get("temp");
            assertTrue(temp.matches("-?\\d+\\.\\d"), temp);
            assertTrue(Math.abs(Double.parseDouble(temp)) < 25, temp);
            String sensor = String.join("/", p.tags().values());
            Long before = last.put(sensor, p.time());
            if (before != null) {
                assertTrue(Math.abs(p.time() - before - HOUR / 2) < 20_000_000_000L, sensor);
            }
        }
        assertEquals(72, last.size());
        assertEquals(Set.of("blueberries", "strawberries", "raspberries"),
            weather.stream().map(p -> p.tags().get("crop")).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void weatherFollowsTheSunAtEachSensor() {
        double[] sum = new double[24];
        int[] n = new int[24];
        long start = weather.get(0).time();
        for (LineProtocolLines p : weather) {
            int hour = (int) ((p.time() - start) % DAY / HOUR);
            sum[hour] += Double.parseDouble(p.fields().get("temp"));
            n[hour]++;
        }
        assertTrue(sum[15] / n[15] > sum[4] / n[4] + 5, "afternoon warmer than night");
    }

    @Test
    void customMetricNamesGrowPerTenantAndSurviveEscaping() {
        long start = metrics.get(0).time();
        long end = metrics.get(metrics.size() - 1).time();
        Map<String, Set<String>> namesPerTenant = new TreeMap<>();
        Map<String, Set<String>> tenantsPerName = new HashMap<>();
        Set<String> firstHalf = new HashSet<>();
        Set<String> all = new HashSet<>();
        for (LineProtocolLines p : metrics) {
            assertEquals("custom_metric", p.measurement());
            assertEquals(List.of("tenant", "metric"), List.copyOf(p.tags().keySet()));
            assertTrue(p.fields().get("value").matches("\\d+\\.\\d{1,2}"), p.fields().get("value"));
            String tenant = p.tags().get("tenant");
            String metric = p.tags().get("metric");
            namesPerTenant.computeIfAbsent(tenant, k -> new HashSet<>()).add(metric);
            tenantsPerName.computeIfAbsent(metric, k -> new HashSet<>()).add(tenant);
            String key = tenant + "/" + metric;
            all.add(key);
            if (p.time() < start + (end - start) / 2) {
                firstHalf.add(key);
            }
        }
        assertEquals(20, namesPerTenant.size());
        assertEquals("t01", namesPerTenant.keySet().iterator().next());
        namesPerTenant.forEach((t, names) -> assertTrue(names.size() <= 40, t + " " + names.size()));
        assertTrue(all.size() > firstHalf.size() * 1.3, "names keep appearing: " + firstHalf.size() + " -> " + all.size());
        long shared = tenantsPerName.values().stream().filter(t -> t.size() > 1).count();
        assertTrue(shared >= 3 && shared < tenantsPerName.size() / 4, "shared names " + shared);
        for (String special : new String[] {" ", ",", "="}) {
            assertTrue(tenantsPerName.keySet().stream().anyMatch(m -> m.contains(special)), "a name with '" + special + "'");
        }
    }
}

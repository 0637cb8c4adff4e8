package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Credentials in a URL's query, as InfluxDB 1.x and JDBC drivers accept them, are refused like user:pass@ and never printed. */
class UrlCredentialsTest {

    @Test
    void queryCredentialsAreFoundWhateverTheirCaseOrSpelling() {
        assertEquals(Optional.of("u= in its query"), UrlCredentials.problem("http://127.0.0.1:8086/query?u=admin&p=SECRET"));
        assertEquals(Optional.of("p= in its query"), UrlCredentials.problem("http://127.0.0.1:8086/query?db=x&p=SECRET"));
        assertEquals(Optional.of("u= in its query"), UrlCredentials.problem("http://127.0.0.1:8086?u=admin"));
        assertEquals(Optional.of("Password= in its query"),
            UrlCredentials.problem("jdbc:postgresql://db:5432/ads?ssl=true&Password=SECRET"));
        assertEquals(Optional.of("token= in its query"), UrlCredentials.problem("https://h:8086/?db=x;token=abc"));
        assertEquals(Optional.of("p= in its query"), UrlCredentials.problem("http://h:8086/?%70=SECRET"));
        assertEquals(Optional.of("user:password@ before the host"), UrlCredentials.problem("http://admin:pw@h:8086"));
        assertEquals(Optional.empty(), UrlCredentials.problem("http://h:8086/?db=ads&precision=ms"));
        assertEquals(Optional.empty(), UrlCredentials.problem("jdbc:mariadb://db:3306/ads?useSsl=true"));
    }

    @Test
    void redactionHidesEveryCredentialAndKeepsTheRest() {
        assertEquals("http://h:8086/query?u=***&p=***&db=ads",
            UrlCredentials.redacted("http://h:8086/query?u=admin&p=SECRET&db=ads"));
        assertEquals("http://***@h:8086/x", UrlCredentials.redacted("http://admin:pw@h:8086/x"));
        assertEquals("jdbc:mariadb://db/ads?password=***", UrlCredentials.redacted("jdbc:mariadb://db/ads?password=SECRET"));
        assertEquals("not a URL at all", UrlCredentials.redacted("not a URL at all"));
    }

    @Test
    void aWorkspaceTargetWithQueryCredentialsIsRefusedWithoutShowingThem() {
        String json = "{\"formatVersion\": 1, \"targets\": [{\"id\": \"t\", \"kind\": \"influxdb-1\","
            + " \"url\": \"http://127.0.0.1:8086/?u=admin&p=SECRET\"}]}";
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(json.getBytes(StandardCharsets.UTF_8), "w"));
        String message = e.problems().get(0).toString();
        assertEquals("targets[0].url: the URL carries credentials (u= in its query); remove them (secrets are never kept in"
            + " a workspace) (line 1)", message);
        String broken = "{\"formatVersion\": 1, \"targets\": [{\"id\": \"t\", \"kind\": \"influxdb-1\","
            + " \"url\": \"http://127.0.0.1:8086/a b?p=SECRET\"}]}";
        WorkspaceFormatException b = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(broken.getBytes(StandardCharsets.UTF_8), "w"));
        assertTrue(!b.problems().get(0).toString().contains("SECRET"), b.problems().toString());
    }
}

package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real influxd serving HTTPS with a self-signed certificate (made with the JDK's keytool): the client refuses it
 * with a TLS error that says so, and talks to it only when verification is switched off explicitly.
 */
class TlsTest {
    @TempDir
    static Path dir;
    static ScratchInfluxd server;

    @BeforeAll
    static void start() throws Exception {
        InfluxdRequired.check();
        Path store = dir.resolve("influxd.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
            "-genkeypair", "-alias", "influxd", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=localhost",
            "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12",
            "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
            .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, keytool.waitFor(), output);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        PrivateKey key = (PrivateKey) ks.getKey("influxd", "changeit".toCharArray());
        Certificate cert = ks.getCertificate("influxd");
        Path certPem = dir.resolve("cert.pem");
        Path keyPem = dir.resolve("key.pem");
        Files.writeString(certPem, pem("CERTIFICATE", cert.getEncoded()));
        Files.writeString(keyPem, pem("PRIVATE KEY", key.getEncoded()));
        server = ScratchInfluxd.start(ScratchInfluxdSettings.defaults().withTls(certPem, keyPem));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anUntrustedCertificateIsATlsFailureThatSaysSo() {
        assertEquals("https", server.url().getScheme());
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class, () -> InfluxV1Client.of(server.url()).ping());
        assertEquals(InfluxV1Exception.Kind.TLS, e.kind());
        assertTrue(e.getMessage().contains("TLS failed") && e.getMessage().contains("certificate"), e.getMessage());
    }

    @Test
    void verificationOffByNameTalksToTheServer() throws Exception {
        InfluxV1Client insecure = InfluxV1Client.of(server.url()).withoutTlsVerification();
        assertTrue(!insecure.verifiesTls());
        assertTrue(insecure.ping().startsWith("1."), "the server's version");
        insecure.query("CREATE DATABASE tls", null);
        assertTrue(InfluxV1State.read(insecure, "tls").databaseExists());
    }
}

package dev.cardinal.engine;

import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/** TLS without verification, for test instances with self-signed certificates, when a user asks for it by name. */
public final class InsecureTls {
    private InsecureTls() {
    }

    public static SSLContext trustingEveryCertificate() {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {trustAll()}, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS is not available in this JVM", e);
        }
    }

    public static X509TrustManager trustAll() {
        return new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
                // verification is off on purpose: the user asked for it
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
                // verification is off on purpose: the user asked for it
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
    }

    /** The JDK HTTP client checks host names unless this property is set before its first connection. */
    public static void disableHostnameVerification() {
        System.setProperty("jdk.internal.httpclient.disableHostnameVerification", "true");
    }
}

package dev.cardinal.capture;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;

/**
 * Who may write into a capture besides an application that knows its address: no web page the user happens to open.
 * A page may post into {@code http://127.0.0.1:8186/write} (a form or a {@code fetch} with {@code no-cors} needs no
 * preflight), and a page on a name that it makes resolve to 127.0.0.1 (DNS rebinding) is even the same origin to the
 * browser. A browser says both: it sends the page's {@code Origin} with every POST, and the name it asked for in
 * {@code Host}. So a write is refused when its Origin is present and is not the endpoint's own (403), and when its
 * Host is not a name of the address the endpoint is bound to (421); applications, Telegraf and curl send no Origin
 * and the address they were given as Host. A capture bound to every address ({@code 0.0.0.0}) is reached by names it
 * cannot know, so there only the Origin is checked. The user may allow more of either ({@code --allow-host},
 * {@code --allow-origin}).
 *
 * @param hosts   more names the endpoint answers to (a name, without a port)
 * @param origins more origins whose pages may write, as {@code scheme://host[:port]}
 */
public record CaptureAdmission(List<String> hosts, List<String> origins) {
    public CaptureAdmission {
        hosts = hosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
        origins = origins.stream().map(o -> o.toLowerCase(Locale.ROOT).replaceAll("/+$", "")).toList();
    }

    /** Only the endpoint's own names and origin. */
    public static CaptureAdmission none() {
        return new CaptureAdmission(List.of(), List.of());
    }

    /** Why a request is refused, with its status. */
    record Refusal(int status, String why) {
    }

    /** The refusal of a request that reached the endpoint bound at {@code bound}, or null when it may go on. */
    Refusal check(HttpHead head, InetSocketAddress bound) {
        String host = head.header("host");
        String origin = head.header("origin");
        InetAddress address = bound.getAddress();
        if (host != null && !address.isAnyLocalAddress() && !ownHost(host.toLowerCase(Locale.ROOT), bound)) {
            return new Refusal(421, "Host " + host + " is not this endpoint's address (" + ownNames(address) + "): a page that"
                + " renamed it (DNS rebinding) may not write here; cardinal capture --allow-host allows another name");
        }
        if (origin != null) {
            String o = origin.toLowerCase(Locale.ROOT);
            boolean own = host != null && o.equals("http://" + host.toLowerCase(Locale.ROOT));
            if (!own && !origins.contains(o)) {
                return new Refusal(403, "a web page from " + origin + " may not write here (its Origin is not this endpoint's own);"
                    + " cardinal capture --allow-origin allows one");
            }
        }
        return null;
    }

    /**
     * Whether {@code host} names the bound address. Only the name counts, not the port: rebinding is done with names,
     * and a port forwarded elsewhere (a container's {@code -p 9999:8186}) is still this endpoint.
     */
    private boolean ownHost(String host, InetSocketAddress bound) {
        int colon = host.lastIndexOf(':');
        String name = colon > host.lastIndexOf(']') ? host.substring(0, colon) : host;
        InetAddress address = bound.getAddress();
        return hosts.contains(name) || (name.equals("localhost") && address.isLoopbackAddress()) || address.equals(literal(name));
    }

    /** The address a Host names when it is an IP literal ({@code 127.0.0.1}, {@code [::1]}), else null: no name is looked up. */
    private static InetAddress literal(String name) {
        boolean v4 = name.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean v6 = name.startsWith("[") && name.endsWith("]") && name.substring(1, name.length() - 1).matches("[0-9a-f:.]+");
        if (!v4 && !v6) {
            return null;
        }
        try {
            return InetAddress.getByName(v6 ? name.substring(1, name.length() - 1) : name);
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    /** How the refusal names the endpoint's own addresses. */
    private static String ownNames(InetAddress address) {
        String literal = address instanceof Inet6Address ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
        return address.isLoopbackAddress() ? literal + " or localhost" : literal;
    }
}

package dev.cardinal.engine.influxdb1;

/** A process that starts a scratch influxd, says where, and waits to be killed (ScratchLeftoversTest). */
public final class ScratchOwner {
    private ScratchOwner() {
    }

    public static void main(String[] args) throws Exception {
        ScratchInfluxd server = ScratchInfluxd.start();
        System.out.println(server.url() + " " + server.directory());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

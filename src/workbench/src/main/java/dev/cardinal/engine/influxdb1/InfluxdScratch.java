package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.Scratch;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.time.Duration;

/** Scratch influxds ({@link ScratchInfluxd}) as the seam offers them: started here, each database emptied before use. */
final class InfluxdScratch implements Scratch {
    @Override
    public boolean available() {
        return ScratchInfluxd.available();
    }

    @Override
    public Server start() throws IOException {
        ScratchInfluxd influxd = ScratchInfluxd.start();
        return new Server() {
            @Override
            public Connection emptied(String database, Duration timeout) throws IOException, InterruptedException {
                InfluxV1Client.of(influxd.url()).withTimeout(timeout).query("DROP DATABASE " + InfluxQl.identifier(database), null);
                return new Connection(Target.Kind.INFLUXDB_1, influxd.url(), database, timeout, Credentials.NONE);
            }

            @Override
            public void close() {
                influxd.close();
            }
        };
    }

    @Override
    public void removeLeftovers() {
        ScratchInfluxd.removeLeftovers();
    }
}

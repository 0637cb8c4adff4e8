package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** InfluxDB 1.x's generated code: one InfluxQL script per layout (database, retention policies, continuous queries). */
public final class InfluxDb1Code implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        String db = r.database();
        out.attempt("InfluxQL for " + r.layout().id(), () -> {
            InfluxQlGenerator.Script influxql = InfluxQlGenerator.generate(r.workspace(), r.layout(), db, r.sample());
            String file = r.stem() + ".influxql";
            out.put(file, influxql.text(), "InfluxQL for InfluxDB 1.x, layout " + r.layout().id() + " (database " + db
                + "): " + influxql.setup().size() + " setup statements, " + influxql.continuousQueries().size()
                + " continuous queries, " + influxql.examples().size() + " example queries. Run it whole with"
                + " `curl -XPOST 'http://localhost:8086/query?db=" + URLEncoder.encode(db, StandardCharsets.UTF_8)
                + "' --data-urlencode q@" + file + "`.", Language.INFLUXQL);
        });
    }
}

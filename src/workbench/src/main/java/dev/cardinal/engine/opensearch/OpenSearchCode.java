package dev.cardinal.engine.opensearch;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.traffic.SchemaInference;

/**
 * Elasticsearch and OpenSearch's generated code: the strict index mapping and, per document target, its index
 * template and example searches per slot.
 */
public final class OpenSearchCode implements CodeGenerator {
    @Override
    public void layoutCode(CodeRequest r, Artefacts out) {
        Layout l = r.layout();
        String base = r.stem();
        if (SchemaFiles.unlistable(l) != null) {
            return;
        }
        out.put(base + ".es-mapping.json", StrictMapping.of(r.kind(), l),
            "Elasticsearch/OpenSearch index mapping, `dynamic: strict`.", Language.JSON);
        for (Target t : r.workspace().targets()) {
            if (t.kind().isDocument()) {
                String name = base + ".index-template-" + SchemaInference.slug(t.id()) + ".json";
                out.put(name, IndexTemplate.body(r.kind(), l, t), "the " + t.kind().product() + " index template for "
                    + "target " + t.id() + ": `PUT _index_template/" + IndexTemplate.name(l) + "` with this body.",
                    Language.JSON);
                String searches = base + ".slot-searches-" + SchemaInference.slug(t.id()) + ".json";
                SlotSearches.forSample(l, t, r.sample()).ifPresent(text -> out.put(searches, text, "example searches per"
                    + " slot for the sample's busiest tenant: each `request` with its `body`.", Language.JSON));
            }
        }
    }
}

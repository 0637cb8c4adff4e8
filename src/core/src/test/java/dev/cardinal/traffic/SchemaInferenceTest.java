package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.model.WorkspaceWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaInferenceTest {

    @Test
    void infersEventKindsAttributesTypesAndTheLayoutAsWritten() throws Exception {
        Sample s = LpFixture.read("""
            listing_event,event=view,user_id=u1 count=1i,page_url="/l/1",score=0.5,ok=t 1
            listing_event,event=click,device=ios count=2i 2
            cpu,host=a,a=x usage=3,a=4 3
            """);
        Workspace ws = SchemaInference.infer("ads", s, List.of(SampleBinding.lineProtocol("traffic", "t.lp", "ns")));
        assertEquals(List.of(new Attribute("event", ValueType.STRING), new Attribute("user_id", ValueType.STRING),
                new Attribute("count", ValueType.INTEGER), new Attribute("page_url", ValueType.STRING),
                new Attribute("score", ValueType.FLOAT), new Attribute("ok", ValueType.BOOLEAN),
                new Attribute("device", ValueType.STRING)),
            ws.eventKind("listing_event").orElseThrow().attributes());
        Layout l = ws.layout("listing-event-as-written").orElseThrow();
        assertEquals(Template.literal("listing_event"), l.measurement());
        assertEquals(List.of(TagSpec.of("event"), TagSpec.of("user_id"), TagSpec.of("device")), l.tags());
        assertEquals(Role.TAG, l.roleOf("device"));
        assertEquals(Role.FIELD, l.roleOf("page_url"));
        Layout cpu = ws.layout("cpu-as-written").orElseThrow();
        assertEquals(List.of(FieldSpec.of("usage"), new FieldSpec(Template.literal("a"), "a_1")), cpu.fields(),
            "a field sharing its key with a tag keeps the key, so the clash stays visible");
        byte[] bytes = WorkspaceWriter.write(ws);
        assertEquals(ws, WorkspaceReader.read(bytes, "ads.cardinal.json").workspace());
    }

    @Test
    void slugsMakeIds() {
        assertEquals("listing-event", SchemaInference.slug("Listing_Event"));
        assertEquals("kind", SchemaInference.slug("___"));
        assertEquals("blueberries-plot-1-north", SchemaInference.slug("blueberries.plot-1.north"));
    }
}

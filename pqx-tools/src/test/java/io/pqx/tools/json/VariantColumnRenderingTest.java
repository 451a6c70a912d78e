package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.Repetition;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;
import org.junit.jupiter.api.Test;

/**
 * A column of Flink type VARIANT in a row, as pqx's reader will produce it ({@link BinaryVariant}
 * values), renders through {@link VariantRenderer}; a SQL NULL of the column and a variant null are
 * both {@code null}; malformed bytes name the column. The fields are built by hand: today's reader
 * maps a VARIANT group to a ROW, so no file read gives a VARIANT field yet.
 */
class VariantColumnRenderingTest {

    private static final FieldView ID = field("id", new IntType(false));
    private static final FieldView VAR = field("var", new VariantType(true));

    @Test
    void rendersAVariantColumnFromItsBytes() {
        JsonRowRenderer renderer = new JsonRowRenderer(List.of(ID, VAR));
        BinaryVariant object =
                variant(
                        b -> {
                            VariantObjectBuilder o = b.startObject();
                            o.appendKey("b");
                            o.appendString("x");
                            o.appendKey("a");
                            o.appendTimestampNanosTz(1);
                            b.endObject();
                        });
        assertThat(renderer.render(GenericRowData.of(1, object)))
                .isEqualTo(
                        "{\"id\":1,\"var\":{\"a\":\"1970-01-01T00:00:00.000000001Z\",\"b\":\"x\"}}");
    }

    @Test
    void rendersVariantNullAndSqlNullAsNull() {
        JsonRowRenderer renderer = new JsonRowRenderer(List.of(ID, VAR));
        assertThat(renderer.render(GenericRowData.of(1, variant(VariantBuilder::appendNull))))
                .isEqualTo("{\"id\":1,\"var\":null}");
        assertThat(renderer.render(GenericRowData.of(2, null)))
                .isEqualTo("{\"id\":2,\"var\":null}");
    }

    @Test
    void rendersAVariantInsideAStruct() {
        RowType rowType = RowType.of(new LogicalType[] {new VariantType(true)}, new String[] {"v"});
        FieldView struct =
                new FieldView(
                        "s",
                        "s",
                        rowType,
                        FieldView.Kind.ROW,
                        List.of(field("v", new VariantType(true))),
                        Optional.empty(),
                        1,
                        0);
        JsonRowRenderer renderer = new JsonRowRenderer(List.of(struct));
        BinaryVariant three = variant(b -> b.appendByte((byte) 3));
        assertThat(renderer.render(GenericRowData.of(GenericRowData.of(three))))
                .isEqualTo("{\"s\":{\"v\":3}}");
    }

    @Test
    void namesTheColumnOfAMalformedValueAndAppendsNothingOfTheRow() {
        JsonRowRenderer renderer = new JsonRowRenderer(List.of(ID, VAR));
        BinaryVariant malformed =
                new BinaryVariant(new byte[] {0x0c}, VariantRendererTest.metadata());
        StringBuilder sb = new StringBuilder("before\n");
        assertThatThrownBy(() -> renderer.appendRow(sb, GenericRowData.of(7, malformed)))
                .isInstanceOfSatisfying(
                        MalformedVariantException.class,
                        e -> {
                            assertThat(e.column()).isEqualTo("var");
                            assertThat(e.getMessage())
                                    .isEqualTo(
                                            "Cannot render variant value at $: the value needs"
                                                    + " bytes 1 to 2, its bytes end at 1 (column var)");
                            assertThat(e.inFile("/data/f.parquet", 41))
                                    .hasMessage(
                                            "Cannot render row 41 (counting from 0): malformed"
                                                    + " variant value at $: the value needs bytes 1"
                                                    + " to 2, its bytes end at 1 (/data/f.parquet,"
                                                    + " column var)")
                                    .hasCause(e);
                        });
        assertThat(sb).hasToString("before\n");
    }

    private static FieldView field(String name, LogicalType type) {
        // The kind does not matter to the renderer for a VARIANT: it goes by the Flink type.
        return new FieldView(
                name,
                name,
                type,
                type instanceof VariantType ? FieldView.Kind.ROW : FieldView.Kind.PRIMITIVE,
                List.of(),
                type instanceof VariantType ? Optional.empty() : Optional.of(leaf(name)),
                type.isNullable() ? 1 : 0,
                0);
    }

    private static LeafColumnView leaf(String name) {
        return new LeafColumnView(
                List.of(name),
                0,
                PhysicalType.INT32,
                0,
                Repetition.REQUIRED,
                Optional.empty(),
                0,
                0,
                true);
    }

    private static BinaryVariant variant(Consumer<VariantBuilder> build) {
        byte[][] v = VariantRendererTest.encode(build);
        return new BinaryVariant(v[0], v[1]);
    }
}

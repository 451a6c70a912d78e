package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.junit.jupiter.api.Test;

class VariantMetadataKeysTest {

    private static BinaryVariant json(String json) throws IOException {
        return BinaryVariantInternalBuilder.parseJson(json, false);
    }

    @Test
    void metadataHoldingEveryNameIsReturnedAsIs() throws IOException {
        BinaryVariant v = json("{\"a\":1,\"b\":2}");
        VariantMetadataKeys keys = VariantMetadataKeys.of(Set.of("a", "b"));
        assertThat(keys.complete(v.getMetadata())).isSameAs(v.getMetadata());
    }

    @Test
    void missingNamesAreAppendedAndTheValueKeepsItsFields() throws IOException {
        BinaryVariant v = json("{\"b\":1,\"m\":\"x\"}");
        VariantMetadataKeys keys =
                VariantMetadataKeys.of(new LinkedHashSet<>(List.of("m", "c", "a")));
        byte[] completed = keys.complete(v.getMetadata());
        ImmutableMetadata metadata = new ImmutableMetadata(ByteBuffer.wrap(completed));
        // the value's ids still name its fields
        Variant read = new Variant(ByteBuffer.wrap(v.getValue()), ByteBuffer.wrap(completed));
        assertThat(read.getFieldByKey("b").getByte()).isEqualTo((byte) 1);
        assertThat(read.getFieldByKey("m").getString()).isEqualTo("x");
        // the added names are found (getOrInsert of an ImmutableMetadata throws for others)
        assertThat(metadata.getOrInsert("c")).isEqualTo(2);
        assertThat(metadata.getOrInsert("a")).isEqualTo(3);
        assertThatThrownBy(() -> metadata.getOrInsert("zz"))
                .isInstanceOf(IllegalArgumentException.class);
        // "c" then "a" after "m": no longer sorted
        assertThat(completed[0] & 0x10).isZero();
    }

    @Test
    void offsetsWidenWhenTheNamesOutgrowOneByte() throws IOException {
        BinaryVariant v = json("{\"k\":true}");
        String longName = "n".repeat(300);
        byte[] completed = VariantMetadataKeys.of(Set.of(longName)).complete(v.getMetadata());
        assertThat((completed[0] >>> 6) & 0x3).isEqualTo(1);
        ImmutableMetadata metadata = new ImmutableMetadata(ByteBuffer.wrap(completed));
        assertThat(metadata.getOrInsert(longName)).isEqualTo(1);
        assertThat(
                        new Variant(ByteBuffer.wrap(v.getValue()), ByteBuffer.wrap(completed))
                                .getFieldByKey("k")
                                .getBoolean())
                .isTrue();
    }

    @Test
    void namesOfAShreddingTypeAreThoseOfEveryObjectLevel() {
        assertThat(
                        VariantMetadataKeys.namesOf(
                                DataTypes.ROW(
                                                DataTypes.FIELD("a", DataTypes.INT()),
                                                DataTypes.FIELD(
                                                        "l",
                                                        DataTypes.ARRAY(
                                                                DataTypes.ROW(
                                                                        DataTypes.FIELD(
                                                                                "b",
                                                                                DataTypes.INT())))))
                                        .getLogicalType()))
                .containsExactly("a", "l", "b");
        assertThat(VariantMetadataKeys.namesOf(DataTypes.BIGINT().getLogicalType())).isEmpty();
    }
}

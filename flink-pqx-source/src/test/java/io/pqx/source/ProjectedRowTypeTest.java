package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class ProjectedRowTypeTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT()),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("a", DataTypes.INT()),
                                                    DataTypes.FIELD("b", DataTypes.STRING()),
                                                    DataTypes.FIELD(
                                                            "c",
                                                            DataTypes.ROW(
                                                                    DataTypes.FIELD(
                                                                            "x", DataTypes.INT()),
                                                                    DataTypes.FIELD(
                                                                            "y",
                                                                            DataTypes.INT()))))),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())))
                            .getLogicalType();

    @Test
    void topLevelFieldsInProjectionOrderAndRowFieldsNarrowedInSchemaOrder() {
        RowType projected = ProjectedRowType.of(TYPE, List.of("r.c.y", "id", "r.a"));
        assertThat(projected.asSummaryString())
                .isEqualTo("ROW<`r` ROW<`a` INT, `c` ROW<`y` INT>>, `id` BIGINT>");
    }

    @Test
    void aFieldNamedWholeStaysWhole() {
        assertThat(ProjectedRowType.of(TYPE, List.of("r.b", "r")).getTypeAt(0))
                .isEqualTo(TYPE.getTypeAt(1));
        assertThat(ProjectedRowType.of(TYPE, List.of("id", "tags")))
                .isEqualTo(new RowType(List.of(TYPE.getFields().get(0), TYPE.getFields().get(2))));
    }

    @Test
    void refusesUnknownFieldsPathsIntoNonRowsAndRepeats() {
        assertThatThrownBy(() -> ProjectedRowType.of(TYPE, List.of("nope")))
                .hasMessageContaining("projected field nope is not a field of the row type");
        assertThatThrownBy(() -> ProjectedRowType.of(TYPE, List.of("r.zz")))
                .hasMessageContaining("projected field r.zz is not a field of r [a, b, c]");
        assertThatThrownBy(() -> ProjectedRowType.of(TYPE, List.of("tags.x")))
                .hasMessageContaining("projected field tags is ARRAY<STRING>, not a ROW");
        assertThatThrownBy(() -> ProjectedRowType.of(TYPE, List.of("r.a", "r.a")))
                .hasMessageContaining("projected field r.a is named twice");
        assertThatThrownBy(() -> ProjectedRowType.of(TYPE, List.of("r..a")))
                .hasMessageContaining("has an empty name");
    }
}

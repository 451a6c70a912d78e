package io.pqx.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;

/**
 * Row types the writer tests here and in e2e-tests share: every flat type pqx writes, and nested
 * types to depth 3 with every collection kind.
 */
public final class TestingRowTypes {
    public static final RowType FLAT =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("b", DataTypes.BOOLEAN()),
                                    DataTypes.FIELD("ti", DataTypes.TINYINT()),
                                    DataTypes.FIELD("si", DataTypes.SMALLINT().notNull()),
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("l", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("f", DataTypes.FLOAT()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("dec9", DataTypes.DECIMAL(9, 2)),
                                    DataTypes.FIELD("dec18", DataTypes.DECIMAL(18, 6).notNull()),
                                    DataTypes.FIELD("dec38", DataTypes.DECIMAL(38, 10)),
                                    DataTypes.FIELD("dec20", DataTypes.DECIMAL(20, 0)),
                                    DataTypes.FIELD("c", DataTypes.CHAR(3)),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("bin", DataTypes.BINARY(4)),
                                    DataTypes.FIELD("vb", DataTypes.BYTES()),
                                    DataTypes.FIELD("day", DataTypes.DATE()),
                                    DataTypes.FIELD("t", DataTypes.TIME(3)),
                                    DataTypes.FIELD("ts3", DataTypes.TIMESTAMP(3)),
                                    DataTypes.FIELD("ts6", DataTypes.TIMESTAMP(6).notNull()),
                                    DataTypes.FIELD("ts9", DataTypes.TIMESTAMP(9)),
                                    DataTypes.FIELD("ltz3", DataTypes.TIMESTAMP_LTZ(3)),
                                    DataTypes.FIELD("ltz6", DataTypes.TIMESTAMP_LTZ(6)),
                                    DataTypes.FIELD("ltz9", DataTypes.TIMESTAMP_LTZ(9)))
                            .getLogicalType();

    public static final RowType NESTED =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                    DataTypes.FIELD(
                                            "matrix",
                                            DataTypes.ARRAY(
                                                    DataTypes.ARRAY(
                                                            DataTypes.ARRAY(DataTypes.BIGINT())))),
                                    DataTypes.FIELD(
                                            "m",
                                            DataTypes.MAP(
                                                    DataTypes.STRING(),
                                                    DataTypes.ARRAY(
                                                            DataTypes.ROW(
                                                                    DataTypes.FIELD(
                                                                            "x", DataTypes.INT()),
                                                                    DataTypes.FIELD(
                                                                            "y",
                                                                            DataTypes.DECIMAL(
                                                                                    25, 3)))))),
                                    DataTypes.FIELD("ms", DataTypes.MULTISET(DataTypes.STRING())),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                            DataTypes.FIELD(
                                                                    "a",
                                                                    DataTypes.ROW(
                                                                            DataTypes.FIELD(
                                                                                    "b",
                                                                                    DataTypes.ROW(
                                                                                            DataTypes
                                                                                                    .FIELD(
                                                                                                            "c",
                                                                                                            DataTypes
                                                                                                                    .TIMESTAMP(
                                                                                                                            9)),
                                                                                            DataTypes
                                                                                                    .FIELD(
                                                                                                            "d",
                                                                                                            DataTypes
                                                                                                                    .MAP(
                                                                                                                            DataTypes
                                                                                                                                    .INT(),
                                                                                                                            DataTypes
                                                                                                                                    .BOOLEAN()
                                                                                                                                    .notNull())))),
                                                                            DataTypes.FIELD(
                                                                                    "e",
                                                                                    DataTypes.ARRAY(
                                                                                            DataTypes
                                                                                                    .DATE()
                                                                                                    .notNull())))),
                                                            DataTypes.FIELD(
                                                                    "f",
                                                                    DataTypes.BYTES().notNull()))
                                                    .notNull()))
                            .getLogicalType();

    private TestingRowTypes() {}
}

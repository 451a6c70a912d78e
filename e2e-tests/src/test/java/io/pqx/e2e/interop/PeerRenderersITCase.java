package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the peer renderers (DuckDB, parquet-java and Arrow C++) to JSON-RENDERING.md on values
 * written out by hand: if a renderer (or the shared formatting primitives) drifted from the spec,
 * the peers could still agree with each other; these literal lines cannot.
 */
class PeerRenderersITCase {

    @TempDir static Path dir;

    private static DuckDbJsonRenderer duckDb;

    @BeforeAll
    static void openDuckDb() throws Exception {
        duckDb = DuckDbJsonRenderer.open();
    }

    @AfterAll
    static void closeDuckDb() throws Exception {
        duckDb.close();
    }

    @Test
    void bothPeersRenderScalarsAsSpecified() throws Exception {
        Path file =
                write(
                        "scalars",
                        """
                        SELECT 1::INTEGER AS i, -1.5::DOUBLE AS d, 0.1::FLOAT AS f, 1e7::DOUBLE AS big,
                               0.001::DOUBLE AS small, 'NaN'::DOUBLE AS nan, '-Infinity'::FLOAT AS ninf, -0.0::DOUBLE AS nz,
                               'a"b\\' || chr(10) || chr(1) || 'ü' AS s, '\\xFF\\x00'::BLOB AS b,
                               DATE '1582-10-04' AS dt, DATE '0001-01-01' AS first, TIME '01:02:03.5' AS t,
                               TIMESTAMP '2026-01-02 03:04:05.5' AS ts, TIMESTAMPTZ '2026-01-02 03:04:05.5+00' AS tz,
                               TIMESTAMP '1969-12-31 23:59:59.999999' AS before_epoch,
                               12.50::DECIMAL(10,2) AS p, -1.230::DECIMAL(20,3) AS q,
                               UUID '0123e456-e89b-12d3-a456-426614174000' AS u,
                               18446744073709551615::UBIGINT AS ub, (-128)::TINYINT AS i8, NULL::INTEGER AS n\
                        """);
        String expected =
                "{\"i\":1,\"d\":-1.5,\"f\":0.1,\"big\":1.0E7,\"small\":0.001,\"nan\":\"NaN\",\"ninf\":\"-Infinity\",\"nz\":-0.0,\"s\":\"a\\\"b\\\\\\n"
                        + "\\u0001ü\",\"b\":\"0xff00\","
                        + "\"dt\":\"1582-10-04\",\"first\":\"0001-01-01\",\"t\":\"01:02:03.5\","
                        + "\"ts\":\"2026-01-02T03:04:05.5\",\"tz\":\"2026-01-02T03:04:05.5Z\","
                        + "\"before_epoch\":\"1969-12-31T23:59:59.999999\",\"p\":12.50,\"q\":-1.230,"
                        + "\"u\":\"0123e456-e89b-12d3-a456-426614174000\",\"ub\":18446744073709551615,\"i8\":-128,"
                        + "\"n\":null}";
        assertThat(duckDb.render(file)).containsExactly(expected);
        assertThat(ParquetJavaJsonRenderer.render(file)).containsExactly(expected);
        assertThat(ArrowJsonRenderer.render(file)).containsExactly(expected);
    }

    @Test
    void bothPeersRenderNestedValuesAsSpecified() throws Exception {
        Path file =
                write(
                        "nested",
                        """
                        SELECT [1, NULL, 3] AS l, []::INTEGER[] AS empty, NULL::INTEGER[] AS none,
                               {'x': 1, 'y': [{'z': 'a'}, NULL]} AS st, MAP {'k': 2, 'j': NULL} AS m,
                               MAP {}::MAP(VARCHAR, INTEGER) AS em, [[1], [], NULL] AS ll\
                        """);
        String expected =
                "{\"l\":[1,null,3],\"empty\":[],\"none\":null,"
                        + "\"st\":{\"x\":1,\"y\":[{\"z\":\"a\"},null]},"
                        + "\"m\":[{\"key\":\"k\",\"value\":2},{\"key\":\"j\",\"value\":null}],\"em\":[],"
                        + "\"ll\":[[1],[],null]}";
        assertThat(duckDb.render(file)).containsExactly(expected);
        assertThat(ParquetJavaJsonRenderer.render(file)).containsExactly(expected);
        assertThat(ArrowJsonRenderer.render(file)).containsExactly(expected);
    }

    private static Path write(String name, String select) throws Exception {
        Path file = dir.resolve(name + ".parquet");
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet)");
        }
        return file;
    }

    @Test
    void shapesFollowTheBackwardCompatibilityRules() {
        var schema =
                MessageTypeParser.parseMessageType(
                        """
                        message m {
                          optional group two_level (LIST) { repeated int32 element; }
                          optional group array_rule (LIST) { repeated group array { optional int32 x; } }
                          optional group tuple_rule (LIST) { repeated group tuple_rule_tuple { optional int32 x; } }
                          optional group multi (LIST) { repeated group item { optional int32 a; optional int32 b; } }
                          optional group three (LIST) { repeated group list { optional int32 element; } }
                          optional group legacy_map (MAP_KEY_VALUE) { repeated group map { required binary key; } }
                          repeated int64 bare;
                        }\
                        """);
        List<JsonShape.Slot> slots = JsonShapes.of(schema).fields();
        assertThat(((JsonShape.ListOf) slots.get(0).value()).elementInRepeated()).isNull();
        assertThat(((JsonShape.ListOf) slots.get(1).value()).element())
                .isInstanceOf(JsonShape.Struct.class);
        assertThat(((JsonShape.ListOf) slots.get(2).value()).element())
                .isInstanceOf(JsonShape.Struct.class);
        assertThat(((JsonShape.ListOf) slots.get(3).value()).element())
                .isInstanceOf(JsonShape.Struct.class);
        assertThat(((JsonShape.ListOf) slots.get(4).value()).elementInRepeated()).isNotNull();
        assertThat(((JsonShape.MapOf) slots.get(5).value()).value()).isNull();
        assertThat(slots.get(6).repeated()).isTrue();
    }
}

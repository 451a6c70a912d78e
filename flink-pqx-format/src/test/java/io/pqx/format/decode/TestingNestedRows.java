package io.pqx.format.decode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Rows with lists, maps and rows nested in each other, cycling through nulls at every level, empty
 * collections and collections of several entries; each row both as Flink data to write and in
 * {@link io.pqx.format.TestingRowValues} form to expect back.
 */
final class TestingNestedRows {
    private static final LogicalType STRING = new VarCharType(VarCharType.MAX_LENGTH);

    /**
     * id, l ARRAY&lt;INT&gt;, m MAP&lt;STRING, INT&gt;, r ROW&lt;a INT, b ARRAY&lt;STRING&gt;&gt;,
     * lr ARRAY&lt;ROW&lt;x INT, y ARRAY&lt;BIGINT&gt;&gt;&gt;.
     */
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new ArrayType(new IntType()),
                        new MapType(STRING, new IntType()),
                        RowType.of(
                                new LogicalType[] {new IntType(), new ArrayType(STRING)},
                                new String[] {"a", "b"}),
                        new ArrayType(
                                RowType.of(
                                        new LogicalType[] {
                                            new IntType(), new ArrayType(new BigIntType())
                                        },
                                        new String[] {"x", "y"}))
                    },
                    new String[] {"id", "l", "m", "r", "lr"});

    private TestingNestedRows() {}

    static List<GenericRowData> rows(int count) {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            l(i) == null ? null : new GenericArrayData(l(i)),
                            m(i) == null ? null : new GenericMapData(m(i)),
                            r(i),
                            lr(i)));
        }
        return rows;
    }

    static List<List<Object>> expected(int count) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(
                    Arrays.asList(
                            (long) i, expectedL(i), expectedM(i), expectedR(i), expectedLr(i)));
        }
        return rows;
    }

    private static Integer[] l(int i) {
        int v = i;
        return switch (i % 8) {
            case 0, 6 -> null;
            case 1, 5 -> new Integer[0];
            case 2 -> new Integer[] {null};
            case 3 -> new Integer[] {v, null, v + 1};
            case 4 -> new Integer[] {v};
            default -> new Integer[] {v, v, v, v};
        };
    }

    private static List<Object> expectedL(int i) {
        Integer[] l = l(i);
        return l == null
                ? null
                : Arrays.stream(l).map(x -> x == null ? null : (Object) (long) x).toList();
    }

    private static Map<Object, Object> m(int i) {
        Map<Object, Object> m = new LinkedHashMap<>();
        switch (i % 4) {
            case 0:
                return null;
            case 1:
                return m;
            case 2:
                m.put(StringData.fromString("k" + i), null);
                return m;
            default:
                m.put(StringData.fromString("a"), i);
                m.put(StringData.fromString("b"), -i);
                return m;
        }
    }

    private static List<Object> expectedM(int i) {
        Map<Object, Object> m = m(i);
        if (m == null) {
            return null;
        }
        List<Object> entries = new ArrayList<>();
        m.forEach(
                (k, v) ->
                        entries.add(
                                Arrays.asList(
                                        k.toString(), v == null ? null : (long) (Integer) v)));
        return entries;
    }

    private static GenericRowData r(int i) {
        return switch (i % 5) {
            case 0 -> null;
            case 1 -> GenericRowData.of(null, null);
            case 2 -> GenericRowData.of(i, new GenericArrayData(new Object[0]));
            case 3 ->
                    GenericRowData.of(
                            null,
                            new GenericArrayData(new Object[] {StringData.fromString("x"), null}));
            default ->
                    GenericRowData.of(
                            i, new GenericArrayData(new Object[] {StringData.fromString("y" + i)}));
        };
    }

    private static List<Object> expectedR(int i) {
        return switch (i % 5) {
            case 0 -> null;
            case 1 -> Arrays.asList(null, null);
            case 2 -> Arrays.asList((long) i, List.of());
            case 3 -> Arrays.asList(null, Arrays.asList("x", null));
            default -> Arrays.asList((long) i, List.of("y" + i));
        };
    }

    private static GenericArrayData lr(int i) {
        return switch (i % 6) {
            case 0 -> null;
            case 1 -> new GenericArrayData(new Object[0]);
            case 2 -> new GenericArrayData(new Object[] {null});
            case 3 -> new GenericArrayData(new Object[] {GenericRowData.of(null, null)});
            case 4 ->
                    new GenericArrayData(
                            new Object[] {
                                GenericRowData.of(i, new GenericArrayData(new Object[0])),
                                GenericRowData.of(
                                        null, new GenericArrayData(new Object[] {null, 7L}))
                            });
            default ->
                    new GenericArrayData(
                            new Object[] {
                                GenericRowData.of(i, new GenericArrayData(new Object[] {(long) i})),
                                null,
                                GenericRowData.of(1, null)
                            });
        };
    }

    private static List<Object> expectedLr(int i) {
        return switch (i % 6) {
            case 0 -> null;
            case 1 -> List.of();
            case 2 -> Arrays.asList((Object) null);
            case 3 -> List.of(Arrays.asList(null, null));
            case 4 ->
                    List.of(
                            Arrays.asList((long) i, List.of()),
                            Arrays.asList(null, Arrays.asList(null, 7L)));
            default ->
                    Arrays.asList(
                            Arrays.asList((long) i, List.of((long) i)),
                            null,
                            Arrays.asList(1L, null));
        };
    }
}

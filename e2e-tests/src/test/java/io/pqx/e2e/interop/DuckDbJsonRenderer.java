package io.pqx.e2e.interop;

import io.pqx.e2e.interop.JsonShape.Leaf;
import io.pqx.e2e.interop.JsonShape.ListOf;
import io.pqx.e2e.interop.JsonShape.MapOf;
import io.pqx.e2e.interop.JsonShape.Slot;
import io.pqx.e2e.interop.JsonShape.Struct;
import io.pqx.tools.json.JsonValues;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;

/**
 * Renders a Parquet file as the JSON lines of {@code JSON-RENDERING.md} with DuckDB (in-process,
 * over JDBC): the file's types come from DuckDB's own footer reader ({@link DuckDbSchemaReader}),
 * the values from {@code read_parquet} ({@link DuckDbSelect} makes them exact), and each row is
 * walked along the {@link JsonShape} of that schema and formatted with pqx-tools' {@link
 * JsonValues}. Fails with {@link IllegalStateException} where DuckDB returns a value of a different
 * structure than the file's schema (VARIANT decoded to JSON, for instance).
 *
 * <p>Used by the interop and corpus tests as one of the two peers. Holds one DuckDB connection; not
 * thread-safe.
 */
final class DuckDbJsonRenderer implements AutoCloseable {

    private final Connection connection;

    private DuckDbJsonRenderer(Connection connection) {
        this.connection = connection;
    }

    /** Opens an in-memory DuckDB database in UTC with at most two threads. */
    static DuckDbJsonRenderer open() throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET TimeZone = 'UTC'");
            statement.execute("SET threads = 2");
            statement.execute("SET memory_limit = '1GB'");
        }
        return new DuckDbJsonRenderer(connection);
    }

    /** The JDBC connection, for tests that also query DuckDB's metadata functions. */
    Connection connection() {
        return connection;
    }

    /** All rows of {@code file}, in file order, one JSON object per line. */
    List<String> render(Path file) throws SQLException {
        refuseVariant(file);
        Struct row = JsonShapes.of(new DuckDbSchemaReader(connection).read(file));
        List<String> lines = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(DuckDbSelect.of(file, row))) {
            while (rs.next()) {
                StringBuilder sb = new StringBuilder().append('{');
                for (Slot slot : row.fields()) {
                    field(sb, slot, rs.getObject(slot.index() + 1));
                }
                lines.add(sb.append('}').toString());
            }
        }
        return lines;
    }

    /**
     * DuckDB 2.0 reads a VARIANT group as its own decoded VARIANT type, not as the struct of
     * physical fields the rendering walks, and the struct access of {@link DuckDbSelect} on such a
     * column crashes the JVM (SIGSEGV in DuckDB 2.0.0 native code) instead of failing: such files
     * are refused before any query touches them.
     */
    private void refuseVariant(Path file) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT name FROM parquet_schema(?) WHERE duckdb_type = 'VARIANT'")) {
            statement.setString(1, file.toString());
            try (ResultSet rs = statement.executeQuery()) {
                if (rs.next()) {
                    throw new IllegalStateException(
                            "DuckDB reads column "
                                    + rs.getString(1)
                                    + " as its decoded VARIANT type, not the struct of its"
                                    + " physical fields");
                }
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }

    private static void field(StringBuilder sb, Slot slot, Object value) throws SQLException {
        if (sb.charAt(sb.length() - 1) != '{') {
            sb.append(',');
        }
        JsonValues.appendString(sb, slot.name());
        sb.append(':');
        slot(sb, slot, value);
    }

    private static void slot(StringBuilder sb, Slot slot, Object value) throws SQLException {
        if (slot.repeated()) {
            list(sb, slot.value(), value);
        } else {
            value(sb, slot.value(), value);
        }
    }

    private static void value(StringBuilder sb, JsonShape shape, Object value) throws SQLException {
        if (value == null) {
            sb.append("null");
        } else if (shape instanceof Leaf leaf) {
            sb.append(leaf(leaf, value));
        } else if (shape instanceof Struct struct) {
            Object[] fields = as(java.sql.Struct.class, value, shape).getAttributes();
            sb.append('{');
            for (Slot slot : struct.fields()) {
                field(sb, slot, fields[slot.index()]);
            }
            sb.append('}');
        } else if (shape instanceof ListOf list) {
            list(sb, list.element(), value);
        } else {
            map(sb, (MapOf) shape, value);
        }
    }

    private static void list(StringBuilder sb, JsonShape element, Object value)
            throws SQLException {
        if (value == null) {
            sb.append("null");
            return;
        }
        Object[] items = (Object[]) as(Array.class, value, element).getArray();
        sb.append('[');
        for (int i = 0; i < items.length; i++) {
            sb.append(i == 0 ? "" : ",");
            value(sb, element, items[i]);
        }
        sb.append(']');
    }

    private static void map(StringBuilder sb, MapOf map, Object value) throws SQLException {
        Object[] entries = (Object[]) as(Array.class, value, map).getArray();
        sb.append('[');
        for (int i = 0; i < entries.length; i++) {
            Object[] entry = as(java.sql.Struct.class, entries[i], map).getAttributes();
            sb.append(i == 0 ? "{\"key\":" : ",{\"key\":");
            slot(sb, map.key(), entry[0]);
            sb.append(",\"value\":");
            if (map.value() == null) {
                sb.append("null");
            } else {
                slot(sb, map.value(), entry[1]);
            }
            sb.append('}');
        }
        sb.append(']');
    }

    private static String leaf(Leaf leaf, Object v) throws SQLException {
        return switch (leaf.kind()) {
            case BOOLEAN -> as(Boolean.class, v, leaf).toString();
            case SIGNED_INT, UNSIGNED_INT -> as(Number.class, v, leaf).toString();
            case FLOAT, FLOAT16 -> JsonValues.formatFloat(as(Float.class, v, leaf));
            case DOUBLE -> JsonValues.formatDouble(as(Double.class, v, leaf));
            case DECIMAL ->
                    JsonValues.formatDecimal(
                            as(BigDecimal.class, v, leaf),
                            ((DecimalLogicalTypeAnnotation) leaf.type().getLogicalTypeAnnotation())
                                    .getScale());
            case STRING -> JsonValues.formatString(as(String.class, v, leaf));
            case BYTES -> JsonValues.formatHex(bytes(v, leaf));
            case DATE ->
                    JsonValues.formatDate(Math.toIntExact(as(Number.class, v, leaf).longValue()));
            case TIME -> JsonValues.formatTime(as(Number.class, v, leaf).longValue());
            case TIMESTAMP -> {
                TimestampLogicalTypeAnnotation ts =
                        (TimestampLogicalTypeAnnotation) leaf.type().getLogicalTypeAnnotation();
                yield TimeUnits.timestamp(
                        as(Number.class, v, leaf).longValue(), ts.getUnit(), ts.isAdjustedToUTC());
            }
            case INT96 ->
                    TimeUnits.timestamp(
                            as(Number.class, v, leaf).longValue(), TimeUnit.MICROS, false);
            case UUID -> JsonValues.formatUuid(uuid(UUID.fromString(as(String.class, v, leaf))));
        };
    }

    private static byte[] bytes(Object v, Leaf leaf) throws SQLException {
        if (v instanceof byte[] b) {
            return b;
        } else if (v instanceof ByteBuffer buffer) {
            byte[] b = new byte[buffer.remaining()];
            buffer.duplicate().get(b);
            return b;
        }
        Blob blob = as(Blob.class, v, leaf);
        return blob.getBytes(1, Math.toIntExact(blob.length()));
    }

    private static byte[] uuid(UUID uuid) {
        return ByteBuffer.allocate(16)
                .putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits())
                .array();
    }

    private static <T> T as(Class<T> expected, Object value, JsonShape shape) {
        if (!expected.isInstance(value)) {
            String text = String.valueOf(value);
            throw new IllegalStateException(
                    "DuckDB returned "
                            + value.getClass().getSimpleName()
                            + " ("
                            + text.substring(0, Math.min(80, text.length()))
                            + ") where the file's schema needs "
                            + expected.getSimpleName()
                            + ": "
                            + shape);
        }
        return expected.cast(value);
    }
}

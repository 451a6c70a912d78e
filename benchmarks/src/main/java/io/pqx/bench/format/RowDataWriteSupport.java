package io.pqx.bench.format;

import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * parquet-java's fastest write path for Flink rows: a {@link WriteSupport} that hands each field
 * straight to the {@link RecordConsumer}, as Flink's own {@code ParquetRowDataWriter} does (no
 * example {@code Group} model, no intermediate objects beyond the string bytes Flink's writer also
 * copies).
 *
 * <p>Supports the flat, atomic types of the benchmark tables: BIGINT, INT, DATE, DOUBLE, DECIMAL(p
 * &lt;= 18) as INT64, and strings. One instance per file; not thread-safe.
 */
final class RowDataWriteSupport extends WriteSupport<RowData> {

    /** Writes field {@code pos} of a row to the consumer. */
    @FunctionalInterface
    private interface FieldWriter {
        void write(RecordConsumer consumer, RowData row, int pos);
    }

    private final MessageType schema;
    private final String[] names;
    private final FieldWriter[] writers;
    private RecordConsumer consumer;

    RowDataWriteSupport(RowType rowType) {
        this.schema = schemaOf(rowType);
        List<RowType.RowField> fields = rowType.getFields();
        this.names = new String[fields.size()];
        this.writers = new FieldWriter[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            names[i] = fields.get(i).getName();
            writers[i] = writerOf(fields.get(i).getType());
        }
    }

    /** The Parquet schema written for {@code rowType}: what pqx's converter writes for it too. */
    static MessageType schemaOf(RowType rowType) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (RowType.RowField field : rowType.getFields()) {
            LogicalType type = field.getType();
            if (type.isNullable()) {
                throw new IllegalArgumentException(
                        "Benchmark tables are NOT NULL: " + field.getName());
            }
            switch (type.getTypeRoot()) {
                case BIGINT -> message.required(PrimitiveTypeName.INT64).named(field.getName());
                case INTEGER -> message.required(PrimitiveTypeName.INT32).named(field.getName());
                case DATE ->
                        message.required(PrimitiveTypeName.INT32)
                                .as(LogicalTypeAnnotation.dateType())
                                .named(field.getName());
                case DOUBLE -> message.required(PrimitiveTypeName.DOUBLE).named(field.getName());
                case DECIMAL ->
                        message.required(PrimitiveTypeName.INT64)
                                .as(
                                        LogicalTypeAnnotation.decimalType(
                                                ((DecimalType) type).getScale(),
                                                ((DecimalType) type).getPrecision()))
                                .named(field.getName());
                case VARCHAR, CHAR ->
                        message.required(PrimitiveTypeName.BINARY)
                                .as(LogicalTypeAnnotation.stringType())
                                .named(field.getName());
                default ->
                        throw new IllegalArgumentException("Unsupported benchmark type: " + type);
            }
        }
        return message.named("flink_schema");
    }

    private static FieldWriter writerOf(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BIGINT -> (c, row, pos) -> c.addLong(row.getLong(pos));
            case INTEGER, DATE -> (c, row, pos) -> c.addInteger(row.getInt(pos));
            case DOUBLE -> (c, row, pos) -> c.addDouble(row.getDouble(pos));
            case DECIMAL -> {
                int precision = ((DecimalType) type).getPrecision();
                int scale = ((DecimalType) type).getScale();
                yield (c, row, pos) ->
                        c.addLong(row.getDecimal(pos, precision, scale).toUnscaledLong());
            }
            case VARCHAR, CHAR ->
                    (c, row, pos) ->
                            c.addBinary(Binary.fromReusedByteArray(row.getString(pos).toBytes()));
            default -> throw new IllegalArgumentException("Unsupported benchmark type: " + type);
        };
    }

    @Override
    @SuppressWarnings("deprecation") // abstract in parquet-java 1.18; both overloads agree
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.consumer = recordConsumer;
    }

    @Override
    public void write(RowData row) {
        consumer.startMessage();
        for (int i = 0; i < writers.length; i++) {
            if (!row.isNullAt(i)) {
                consumer.startField(names[i], i);
                writers[i].write(consumer, row, i);
                consumer.endField(names[i], i);
            }
        }
        consumer.endMessage();
    }
}

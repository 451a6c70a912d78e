package io.pqx.table.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;

/**
 * A bounded source of rows known at plan time (the answers of a pushed-down aggregate): Flink's
 * {@link DataGeneratorSource} over the rows, serialized with the table runtime's row serializer so
 * they travel with the job.
 */
final class StaticRowsSource {
    private StaticRowsSource() {}

    static Source<RowData, ?, ?> of(List<RowData> rows, RowType type) {
        RowDataSerializer serializer = new RowDataSerializer(type);
        List<byte[]> bytes = new ArrayList<>();
        try {
            for (RowData row : rows) {
                DataOutputSerializer out = new DataOutputSerializer(64);
                serializer.serialize(row, out);
                bytes.add(out.getCopyOfBuffer());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot serialize the rows of an aggregate", e);
        }
        return new DataGeneratorSource<>(
                new Rows(bytes, type), bytes.size(), InternalTypeInfo.of(type));
    }

    /** The i-th row. */
    private static final class Rows implements GeneratorFunction<Long, RowData> {
        private static final long serialVersionUID = 1L;
        private final List<byte[]> rows;
        private final RowType type;
        private transient RowDataSerializer serializer;

        Rows(List<byte[]> rows, RowType type) {
            this.rows = new ArrayList<>(rows);
            this.type = type;
        }

        @Override
        public RowData map(Long index) throws Exception {
            if (serializer == null) {
                serializer = new RowDataSerializer(type);
            }
            return serializer.deserialize(new DataInputDeserializer(rows.get(index.intValue())));
        }
    }
}

package io.pqx.e2e.interop.variant;

import io.pqx.format.TestingVariants;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantConverters;

/**
 * Reads files of an integer {@code id} column and VARIANT columns (pqx's written files, and the
 * shredded_variant corpus's {@code (id, var)}) with parquet-java's own Variant read path:
 * parquet-variant's {@link VariantConverters#newVariantConverter}, which rebuilds each value from
 * {@code metadata}, {@code value} and any shredded {@code typed_value} on its own, as
 * parquet-java's Avro support does: an oracle independent of pqx's decoder. Page checksums are
 * verified where present. Each row is its id and one parquet-variant {@link Variant} (null for a
 * SQL NULL) per top-level group column, in schema order.
 */
public final class TestingParquetJavaVariants {
    private TestingParquetJavaVariants() {}

    /**
     * One row: the id (0 when the file has no {@code id} column) and the variants, in schema order.
     */
    public record Row(long id, List<Variant> variants) {}

    /** The file's rows in order. */
    public static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (ParquetReader<Row> reader =
                new ParquetReader.Builder<Row>(new LocalInputFile(file)) {
                    @Override
                    protected ReadSupport<Row> getReadSupport() {
                        return new RowReadSupport();
                    }
                }.usePageChecksumVerification(true).build()) {
            for (Row row = reader.read(); row != null; row = reader.read()) {
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * The file's first VARIANT column in row order, each value rendered as {@link TestingVariants}
     * does, {@code NULL} for a SQL NULL.
     */
    public static List<String> rendered(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        for (Row row : read(file)) {
            Variant v = row.variants().get(0);
            out.add(
                    v == null
                            ? "NULL"
                            : TestingVariants.render(
                                    bytes(v.getValueBuffer()), bytes(v.getMetadataBuffer())));
        }
        return out;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    private static final class RowReadSupport extends ReadSupport<Row> {
        @Override
        public ReadContext init(InitContext context) {
            return new ReadContext(context.getFileSchema());
        }

        @Override
        public RecordMaterializer<Row> prepareForRead(
                Configuration conf,
                Map<String, String> metadata,
                MessageType schema,
                ReadContext context) {
            RowConverter root = new RowConverter(schema);
            return new RecordMaterializer<>() {
                @Override
                public Row getCurrentRecord() {
                    return root.row();
                }

                @Override
                public GroupConverter getRootConverter() {
                    return root;
                }
            };
        }
    }

    /** The record: {@code id} kept, other primitive columns ignored, each group a variant. */
    private static final class RowConverter extends GroupConverter {
        private final Converter[] fields;
        private final List<VariantGroupConverter> variants = new ArrayList<>();
        private long id;

        RowConverter(MessageType schema) {
            fields = new Converter[schema.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                if (!schema.getType(i).isPrimitive()) {
                    VariantGroupConverter v =
                            new VariantGroupConverter(schema.getType(i).asGroupType());
                    variants.add(v);
                    fields[i] = v;
                } else {
                    fields[i] = schema.getFieldName(i).equals("id") ? new Id() : new Ignored();
                }
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return fields[fieldIndex];
        }

        @Override
        public void start() {
            id = 0;
            for (VariantGroupConverter v : variants) {
                v.current = null;
            }
        }

        @Override
        public void end() {}

        Row row() {
            List<Variant> values = new ArrayList<>();
            for (VariantGroupConverter v : variants) {
                values.add(v.current);
            }
            return new Row(id, values);
        }

        private final class Id extends PrimitiveConverter {
            @Override
            public void addInt(int value) {
                id = value;
            }

            @Override
            public void addLong(long value) {
                id = value;
            }
        }
    }

    /** A primitive column other than the id: not needed. */
    private static final class Ignored extends PrimitiveConverter {
        @Override
        public void addInt(int value) {}

        @Override
        public void addLong(long value) {}
    }

    /** parquet-variant's converter under a parent that holds the row's builder. */
    private static final class VariantGroupConverter extends GroupConverter
            implements VariantConverters.ParentConverter<VariantBuilder> {
        private final GroupConverter wrapped;
        private VariantBuilder builder;
        private ImmutableMetadata metadata;
        Variant current;

        VariantGroupConverter(GroupType group) {
            wrapped = VariantConverters.newVariantConverter(group, this::setMetadata, this);
        }

        private void setMetadata(ByteBuffer buffer) {
            metadata = new ImmutableMetadata(buffer);
            builder = new VariantBuilder(metadata);
        }

        @Override
        public void build(Consumer<VariantBuilder> consumer) {
            consumer.accept(builder);
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return wrapped.getConverter(fieldIndex);
        }

        @Override
        public void start() {
            builder = null;
            metadata = null;
            wrapped.start();
        }

        @Override
        public void end() {
            wrapped.end();
            builder.appendNullIfEmpty();
            current = builder.build();
        }
    }
}

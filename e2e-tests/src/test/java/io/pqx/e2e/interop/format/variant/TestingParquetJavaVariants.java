package io.pqx.e2e.interop.format.variant;

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
 * Reads files of {@code (id INT NOT NULL, <VARIANT columns>...)} with parquet-java's own Variant
 * read path: parquet-variant's {@link VariantConverters#newVariantConverter}, which rebuilds each
 * value from {@code metadata}, {@code value} and any shredded {@code typed_value}, as
 * parquet-java's Avro support does. Each row is its id and one parquet-variant {@link Variant}
 * (null for a SQL NULL) per VARIANT column.
 */
final class TestingParquetJavaVariants {
    private TestingParquetJavaVariants() {}

    /** One row: the id and the variants, in schema order. */
    record Row(int id, List<Variant> variants) {}

    static List<Row> read(Path file) throws IOException {
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

    private static final class RowConverter extends GroupConverter {
        private final VariantGroupConverter[] variants;
        private int id;

        RowConverter(MessageType schema) {
            variants = new VariantGroupConverter[schema.getFieldCount() - 1];
            for (int i = 0; i < variants.length; i++) {
                variants[i] = new VariantGroupConverter(schema.getType(i + 1).asGroupType());
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            if (fieldIndex == 0) {
                return new PrimitiveConverter() {
                    @Override
                    public void addInt(int value) {
                        id = value;
                    }
                };
            }
            return variants[fieldIndex - 1];
        }

        @Override
        public void start() {
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

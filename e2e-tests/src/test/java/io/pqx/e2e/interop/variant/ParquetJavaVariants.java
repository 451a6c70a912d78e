package io.pqx.e2e.interop.variant;

import io.pqx.format.TestingVariants;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantConverters;

/**
 * parquet-java's reading of a shredded_variant corpus file (columns {@code id} and {@code var}):
 * its record assembly with parquet-variant's {@link VariantConverters}, which reassemble shredded
 * values on their own (an oracle independent of pqx's decoder). Each row renders as {@link
 * TestingVariants} does, or {@code NULL} for a null variant group.
 */
final class ParquetJavaVariants {
    private ParquetJavaVariants() {}

    /** The file's variants in row order. */
    static List<String> read(Path file) throws IOException {
        List<String> rows = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(schema);
            Root root = new Root(schema);
            RecordMaterializer<String> materializer =
                    new RecordMaterializer<>() {
                        @Override
                        public String getCurrentRecord() {
                            return root.rendered;
                        }

                        @Override
                        public GroupConverter getRootConverter() {
                            return root;
                        }
                    };
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                RecordReader<String> records = io.getRecordReader(rowGroup, materializer);
                for (long r = 0; r < rowGroup.getRowCount(); r++) {
                    rows.add(records.read());
                }
            }
        }
        return rows;
    }

    /** The record: {@code id} ignored, {@code var} assembled by parquet-variant. */
    private static final class Root extends GroupConverter {
        private final Converter[] fields;
        private final VariantHolder variant;
        String rendered;

        Root(MessageType schema) {
            fields = new Converter[schema.getFieldCount()];
            int var = schema.getFieldIndex("var");
            variant = new VariantHolder(schema.getType(var).asGroupType());
            for (int i = 0; i < fields.length; i++) {
                fields[i] = i == var ? variant : new IgnoredId();
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return fields[fieldIndex];
        }

        @Override
        public void start() {
            variant.rendered = "NULL";
        }

        @Override
        public void end() {
            rendered = variant.rendered;
        }
    }

    /** The {@code id} column, not needed: rows are compared in file order. */
    private static final class IgnoredId extends PrimitiveConverter {
        @Override
        public void addInt(int value) {}

        @Override
        public void addLong(long value) {}
    }

    /** Collects one variant as parquet-avro's variant converter does, then renders it. */
    private static final class VariantHolder extends GroupConverter
            implements VariantConverters.ParentConverter<VariantBuilder> {
        private final GroupConverter wrapped;
        private ImmutableMetadata metadata;
        private VariantBuilder builder;
        String rendered;

        VariantHolder(org.apache.parquet.schema.GroupType group) {
            wrapped = VariantConverters.newVariantConverter(group, this::metadata, this);
        }

        private void metadata(ByteBuffer bytes) {
            metadata = new ImmutableMetadata(bytes);
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
            wrapped.start();
        }

        @Override
        public void end() {
            wrapped.end();
            builder.appendNullIfEmpty();
            rendered =
                    TestingVariants.render(
                            bytes(builder.encodedValue()), bytes(metadata.getEncodedBuffer()));
        }

        private static byte[] bytes(ByteBuffer buffer) {
            byte[] out = new byte[buffer.remaining()];
            buffer.duplicate().get(out);
            return out;
        }
    }
}

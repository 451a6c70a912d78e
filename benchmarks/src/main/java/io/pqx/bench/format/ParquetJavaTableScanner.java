package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java's side of {@code format_read}, at its fastest: {@link
 * ParquetFileReader#readNextRowGroup()} then one {@link ColumnReader} per column from a {@link
 * ColumnReadStoreImpl}, consuming every value with the typed getters (parquet-java's column-level
 * API: no record assembly, no converters doing work). Reads through parquet's {@link
 * LocalInputFile}, no Hadoop file system, with parquet-java's default (heap) codecs.
 *
 * <p>parquet-java's direct codec factory ({@code CodecFactory.createDirectCodecFactory}) used about
 * 10% less CPU here, but with it the dictionary strings read through this API had wrong bytes (the
 * content verification failed), so it is not used. Stateless; not thread-safe per scan.
 */
public final class ParquetJavaTableScanner implements TableScanner {

    @Override
    public String name() {
        return "parquetjava";
    }

    @Override
    public TableChecksum scan(Path file, ScanDepth depth) throws IOException {
        return scan(file, depth, null);
    }

    /** Requests a schema of {@code column} alone ({@code setRequestedSchema}). */
    @Override
    public TableChecksum scanColumn(Path file, String column) throws IOException {
        return scan(file, ScanDepth.LENGTHS, column);
    }

    private TableChecksum scan(Path file, ScanDepth depth, @Nullable String onlyColumn)
            throws IOException {
        ParquetReadOptions options =
                ParquetReadOptions.builder().withUseHadoopVectoredIo(false).build();
        TableChecksum checksum = new TableChecksum();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            if (onlyColumn != null) {
                schema = new MessageType(schema.getName(), schema.getType(onlyColumn));
                reader.setRequestedSchema(schema);
            }
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            List<ColumnDescriptor> columns = schema.getColumns();
            int[] slots =
                    columns.stream().mapToInt(c -> LineitemTable.indexOf(c.getPath()[0])).toArray();
            GroupConverter converter = new IgnoringConverter(columns.size());
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                ColumnReadStoreImpl store =
                        new ColumnReadStoreImpl(rowGroup, converter, schema, createdBy);
                for (int c = 0; c < columns.size(); c++) {
                    ColumnReader column = store.getColumnReader(columns.get(c));
                    checksum.add(
                            slots[c],
                            consume(
                                    column,
                                    rowGroup.getRowCount(),
                                    LineitemTable.COLUMNS.get(slots[c]).kind(),
                                    depth));
                }
                checksum.addRows(rowGroup.getRowCount());
            }
        }
        return checksum;
    }

    /**
     * Consumes every value of a REQUIRED, non-repeated column chunk, which holds one value per row
     * of its row group; returns its checksum contribution.
     */
    private static long consume(ColumnReader column, long count, ColumnKind kind, ScanDepth depth) {
        long sum = 0;
        switch (kind) {
            case INT -> {
                for (long i = 0; i < count; i++) {
                    sum += column.getInteger();
                    column.consume();
                }
            }
            case LONG, DECIMAL -> {
                for (long i = 0; i < count; i++) {
                    sum += column.getLong();
                    column.consume();
                }
            }
            case DOUBLE -> {
                for (long i = 0; i < count; i++) {
                    sum += Double.doubleToRawLongBits(column.getDouble());
                    column.consume();
                }
            }
            case STRING -> {
                for (long i = 0; i < count; i++) {
                    Binary value = column.getBinary();
                    sum +=
                            depth == ScanDepth.LENGTHS
                                    ? value.length()
                                    : depth.digest(value.getBytesUnsafe(), 0, value.length());
                    column.consume();
                }
            }
        }
        return sum;
    }

    /**
     * The converter {@link ColumnReadStoreImpl} requires; its primitive converters are never
     * called, since values are taken with the column reader's getters.
     */
    public static final class IgnoringConverter extends GroupConverter {
        private final PrimitiveConverter leaf = new PrimitiveConverter() {};
        private final int fields;

        public IgnoringConverter(int fields) {
            this.fields = fields;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            if (fieldIndex >= fields) {
                throw new IndexOutOfBoundsException(fieldIndex);
            }
            return leaf;
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }
}

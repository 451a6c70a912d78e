package io.pqx.bench.source;

import io.pqx.bench.format.ColumnKind;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.ParquetJavaTableScanner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * parquet-java's reader answering a {@link SourceQuery} on one thread, with its filters on: row
 * groups dropped by statistics, dictionaries and bloom filters, pages by the column index ({@code
 * readNextFilteredRowGroup}); the rows left are read column by column ({@code ColumnReader}, no
 * record assembly) and each is checked against the range, as a filter after the reader would
 * (parquet-java's record filter needs its record assembly). Every returned value is folded. No
 * Hadoop file system: {@code LocalInputFile}.
 */
final class ParquetJavaQueryReader {
    private ParquetJavaQueryReader() {}

    static ReadOutcome read(Path file, SourceQuery query) throws IOException {
        ParquetReadOptions.Builder options =
                ParquetReadOptions.builder().withUseHadoopVectoredIo(false);
        if (query.filters()) {
            options.withRecordFilter(FilterCompat.get(query.parquetJavaFilter()))
                    .useStatsFilter(true)
                    .useDictionaryFilter(true)
                    .useColumnIndexFilter(true)
                    .useBloomFilter(true);
        }
        List<Integer> positions = query.positions();
        AggregateFold fold = new AggregateFold(positions);
        try (ParquetFileReader reader =
                ParquetFileReader.open(new LocalInputFile(file), options.build())) {
            MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
            List<Type> fields = new ArrayList<>();
            for (String c : query.columns()) {
                fields.add(fileSchema.getType(c));
            }
            int filterAt = -1;
            if (query.filters()) {
                filterAt = query.columns().indexOf(query.filterColumn());
                if (filterAt < 0) {
                    filterAt = fields.size();
                    fields.add(fileSchema.getType(query.filterColumn()));
                }
            }
            MessageType schema = new MessageType(fileSchema.getName(), fields);
            reader.setRequestedSchema(schema);
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            List<ColumnDescriptor> columns = schema.getColumns();
            ColumnKind[] kinds = new ColumnKind[columns.size()];
            for (int c = 0; c < kinds.length; c++) {
                kinds[c] =
                        LineitemTable.COLUMNS
                                .get(LineitemTable.indexOf(columns.get(c).getPath()[0]))
                                .kind();
            }
            ParquetJavaTableScanner.IgnoringConverter converter =
                    new ParquetJavaTableScanner.IgnoringConverter(columns.size());
            long[] longs = new long[columns.size()];
            double[] doubles = new double[columns.size()];
            PageReadStore rowGroup;
            while ((rowGroup =
                            query.filters()
                                    ? reader.readNextFilteredRowGroup()
                                    : reader.readNextRowGroup())
                    != null) {
                ColumnReadStoreImpl store =
                        new ColumnReadStoreImpl(rowGroup, converter, schema, createdBy);
                ColumnReader[] readers = new ColumnReader[columns.size()];
                for (int c = 0; c < readers.length; c++) {
                    readers[c] = store.getColumnReader(columns.get(c));
                }
                long rows = rowGroup.getRowCount();
                for (long r = 0; r < rows; r++) {
                    for (int c = 0; c < readers.length; c++) {
                        ColumnReader column = readers[c];
                        switch (kinds[c]) {
                            case INT -> longs[c] = column.getInteger();
                            case LONG, DECIMAL -> longs[c] = column.getLong();
                            case DOUBLE -> doubles[c] = column.getDouble();
                            case STRING -> longs[c] = column.getBinary().length();
                        }
                        column.consume();
                    }
                    if (filterAt >= 0 && !query.keeps(longs[filterAt])) {
                        continue;
                    }
                    for (int c = 0; c < positions.size(); c++) {
                        if (kinds[c] == ColumnKind.DOUBLE) {
                            fold.addDouble(c, doubles[c]);
                        } else {
                            fold.addLong(c, longs[c]);
                        }
                    }
                    fold.addRow();
                }
            }
        }
        return new ReadOutcome(fold.result(), -1, -1);
    }
}

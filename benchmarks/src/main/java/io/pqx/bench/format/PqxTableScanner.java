package io.pqx.bench.format;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * pqx's side of {@code format_read}: {@link ParquetReader#readRowGroup} over every row group with
 * all columns and all rows, consuming every value of every batch through Flink's public columnar
 * vector interfaces (what a Flink operator would call), with default {@code ReadOptions} (page CRCs
 * verified where present) unless built with {@link #withoutVerification}, which the suite uses to
 * measure what verification costs, or {@link #withDecryption}, which reads encrypted files.
 * Stateless; one scan at a time.
 */
public final class PqxTableScanner implements TableScanner {

    private static final int P = LineitemTable.DECIMAL_PRECISION;
    private static final int S = LineitemTable.DECIMAL_SCALE;

    private final String name;
    private final ReadOptions options;

    /** pqx's reader with default options. */
    public PqxTableScanner() {
        this(FormatContenders.PQX, ReadOptions.defaults());
    }

    /** The same reader with {@code verifyChecksums(false)}, named {@code pqx_noverify}. */
    public static PqxTableScanner withoutVerification() {
        return new PqxTableScanner(
                FormatContenders.PQX_NO_VERIFY,
                ReadOptions.builder().verifyChecksums(false).build());
    }

    /** The same reader (CRCs verified) with the keys of encrypted files, named {@code name}. */
    public static PqxTableScanner withDecryption(String name, FileDecryptionProperties keys) {
        return new PqxTableScanner(name, ReadOptions.builder().decryption(keys).build());
    }

    private PqxTableScanner(String name, ReadOptions options) {
        this.name = name;
        this.options = options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public TableChecksum scan(Path file, ScanDepth depth) throws IOException {
        return scan(file, depth, null);
    }

    /** Projects the file's schema on {@code column} ({@link ParquetReader#project}). */
    @Override
    public TableChecksum scanColumn(Path file, String column) throws IOException {
        return scan(file, ScanDepth.LENGTHS, List.of(column));
    }

    private TableChecksum scan(Path file, ScanDepth depth, @Nullable List<String> projection)
            throws IOException {
        TableChecksum checksum = new TableChecksum();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        options)) {
            ReadSchema schema = projection == null ? reader.schema() : reader.project(projection);
            List<String> names = schema.rowType().getFieldNames();
            int[] slots = names.stream().mapToInt(LineitemTable::indexOf).toArray();
            try (BatchIterator batches = reader.batches(schema)) {
                while (batches.hasNext()) {
                    consume(batches.next().columnBatch(), slots, depth, checksum);
                }
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException("Cannot close the batches of " + file, e);
            }
        }
        return checksum;
    }

    private static void consume(
            VectorizedColumnBatch batch, int[] slots, ScanDepth depth, TableChecksum checksum) {
        int rows = batch.getNumRows();
        for (int c = 0; c < slots.length; c++) {
            ColumnKind kind = LineitemTable.COLUMNS.get(slots[c]).kind();
            checksum.add(slots[c], consume(batch.columns[c], rows, kind, depth));
        }
        checksum.addRows(rows);
    }

    /** Consumes every value of a NOT NULL column vector; returns its checksum contribution. */
    private static long consume(ColumnVector vector, int rows, ColumnKind kind, ScanDepth depth) {
        long sum = 0;
        switch (kind) {
            case INT -> {
                IntColumnVector ints = (IntColumnVector) vector;
                for (int i = 0; i < rows; i++) {
                    sum += ints.getInt(i);
                }
            }
            case LONG -> {
                LongColumnVector longs = (LongColumnVector) vector;
                for (int i = 0; i < rows; i++) {
                    sum += longs.getLong(i);
                }
            }
            case DECIMAL -> {
                DecimalColumnVector decimals = (DecimalColumnVector) vector;
                for (int i = 0; i < rows; i++) {
                    sum += decimals.getDecimal(i, P, S).toUnscaledLong();
                }
            }
            case DOUBLE -> {
                DoubleColumnVector doubles = (DoubleColumnVector) vector;
                for (int i = 0; i < rows; i++) {
                    sum += Double.doubleToRawLongBits(doubles.getDouble(i));
                }
            }
            case STRING -> {
                BytesColumnVector strings = (BytesColumnVector) vector;
                for (int i = 0; i < rows; i++) {
                    BytesColumnVector.Bytes value = strings.getBytes(i);
                    sum += depth.digest(value.data, value.offset, value.len);
                }
            }
        }
        return sum;
    }
}

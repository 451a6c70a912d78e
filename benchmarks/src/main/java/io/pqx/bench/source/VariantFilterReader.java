package io.pqx.bench.source;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.io.CountingInputFile;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.types.variant.Variant;

/**
 * Case {@code variant}'s filter, {@code user_id} in {@code [from, to)}, answered on the calling
 * thread by pqx's reader as a full read of the event column and a row filter after it: over a
 * VARIANT column (shredded or not; pqx reassembles each value, then the filter takes the field from
 * the {@link Variant}), or over the STRING column of JSON text (each value parsed by Jackson into a
 * tree, as Flink SQL's {@code JSON_VALUE} parses its document, then the field compared). No
 * statistics, page-index or shredded-field pruning: pqx has none on shredded fields yet, so every
 * contender reads every row group and page. Counts the bytes read and returns the matches' count
 * and sums, checked by the case.
 */
final class VariantFilterReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private VariantFilterReader() {}

    /** What one run found and read. */
    record Outcome(VariantEvents.FilterAnswer answer, long bytesRead, long rowsDecoded) {}

    /** The filter over a VARIANT column, shredded or not. */
    static Outcome variant(Path file, long from, long to) throws IOException {
        long[] bytes = {0};
        long rows = 0;
        long matches = 0;
        long userSum = 0;
        long centsSum = 0;
        try (ParquetReader reader =
                        ParquetReader.open(counted(file, bytes), ReadOptions.defaults());
                BatchIterator batches = reader.batches(List.of(VariantEvents.COLUMN))) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                VectorizedColumnBatch columns = b.columnBatch();
                int n = b.numRows();
                rows += n;
                for (int i = 0; i < n; i++) {
                    if (columns.isNullAt(i, 0)) {
                        continue;
                    }
                    Variant event = columns.getVariant(i, 0);
                    Variant userId = event.getField("user_id");
                    if (userId == null || userId.isNull()) {
                        continue;
                    }
                    long user = ((Number) userId.get()).longValue();
                    if (user >= from && user < to) {
                        matches++;
                        userSum += user;
                        centsSum +=
                                event.getField("amount")
                                        .getDecimal()
                                        .movePointRight(2)
                                        .longValueExact();
                    }
                }
            }
        }
        return new Outcome(
                new VariantEvents.FilterAnswer(matches, userSum, centsSum), bytes[0], rows);
    }

    /** The filter over the STRING column of JSON text. */
    static Outcome json(Path file, long from, long to) throws IOException {
        long[] bytes = {0};
        long rows = 0;
        long matches = 0;
        long userSum = 0;
        long centsSum = 0;
        try (ParquetReader reader =
                        ParquetReader.open(counted(file, bytes), ReadOptions.defaults());
                BatchIterator batches = reader.batches(List.of(VariantEvents.COLUMN))) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                BytesColumnVector text = (BytesColumnVector) b.columnBatch().columns[0];
                int n = b.numRows();
                rows += n;
                for (int i = 0; i < n; i++) {
                    if (text.isNullAt(i)) {
                        continue;
                    }
                    BytesColumnVector.Bytes json = text.getBytes(i);
                    JsonNode event = JSON.readTree(json.data, json.offset, json.len);
                    JsonNode userId = event.get("user_id");
                    if (userId == null || !userId.canConvertToLong()) {
                        continue;
                    }
                    long user = userId.asLong();
                    if (user >= from && user < to) {
                        matches++;
                        userSum += user;
                        centsSum += Math.round(event.get("amount").asDouble() * 100);
                    }
                }
            }
        }
        return new Outcome(
                new VariantEvents.FilterAnswer(matches, userSum, centsSum), bytes[0], rows);
    }

    private static InputFile counted(Path file, long[] bytes) throws IOException {
        return new CountingInputFile(
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                n -> bytes[0] += n);
    }
}

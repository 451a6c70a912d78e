package io.pqx.table.source;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.ListedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.plan.stats.ColumnStats;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the footers of a table's files say about it: the rows of each file and, per top-level column
 * of a primitive type, the nulls when every chunk recorded them (partition columns: the rows of
 * files under the null partition). Reads footers only.
 */
final class FooterStatistics {
    /** The footer of each listed file, in listing order. */
    private final List<FileMetadataView> footers;

    private final List<ListedFile> files;
    private final TableSourceSpec spec;

    private FooterStatistics(
            List<ListedFile> files, List<FileMetadataView> footers, TableSourceSpec spec) {
        this.files = files;
        this.footers = footers;
        this.spec = spec;
    }

    /** The footers of {@code files}, read with {@code options} (the scan's keys). */
    static FooterStatistics of(List<ListedFile> files, TableSourceSpec spec, ReadOptions options)
            throws IOException {
        List<FileMetadataView> footers = new ArrayList<>();
        for (ListedFile file : files) {
            try (FlinkInputFile in = FlinkInputFile.open(new Path(file.path()), file.length())) {
                footers.add(ParquetInspector.read(in, options).metadata());
            }
        }
        return new FooterStatistics(files, footers, spec);
    }

    List<ListedFile> files() {
        return files;
    }

    List<FileMetadataView> footers() {
        return footers;
    }

    TableStats tableStats() {
        long rows = 0;
        for (FileMetadataView footer : footers) {
            rows += footer.numRows();
        }
        Map<String, ColumnStats> columns = new HashMap<>();
        RowType type = spec.rowType();
        for (RowType.RowField field : type.getFields()) {
            String name = field.getName();
            Optional<Long> nulls =
                    spec.partitionKeys().contains(name)
                            ? Optional.of(partitionNulls(name))
                            : isPrimitive(field) ? dataNulls(name) : Optional.empty();
            nulls.ifPresent(
                    n -> columns.put(name, ColumnStats.Builder.builder().setNullCount(n).build()));
        }
        return new TableStats(rows, columns);
    }

    private long partitionNulls(String key) {
        long nulls = 0;
        for (int i = 0; i < files.size(); i++) {
            if ("__DEFAULT_PARTITION__".equals(files.get(i).partition().get(key))) {
                nulls += footers.get(i).numRows();
            }
        }
        return nulls;
    }

    /** The column's nulls, when every row group of every file recorded them for it. */
    private Optional<Long> dataNulls(String column) {
        long nulls = 0;
        for (FileMetadataView footer : footers) {
            for (RowGroupView group : footer.rowGroups()) {
                Optional<ColumnChunkView> chunk = group.column(column);
                if (chunk.isEmpty()) {
                    if (hasOtherCase(footer, column)) {
                        return Optional.empty();
                    }
                    nulls += group.numRows(); // the file lacks the column: it reads as nulls
                    continue;
                }
                var count = chunk.get().statistics().nullCount();
                if (count.isEmpty()) {
                    return Optional.empty();
                }
                nulls += count.getAsLong();
            }
        }
        return Optional.of(nulls);
    }

    /**
     * Whether the file has a top-level field that matches {@code column} only ignoring case (the
     * readers then read it, so its chunks are not found by the exact name).
     */
    static boolean hasOtherCase(FileMetadataView footer, String column) {
        for (String name : footer.schema().fieldNames()) {
            if (!name.equals(column) && name.equalsIgnoreCase(column)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPrimitive(RowType.RowField field) {
        LogicalTypeRoot root = field.getType().getTypeRoot();
        return root != LogicalTypeRoot.ROW
                && root != LogicalTypeRoot.ARRAY
                && root != LogicalTypeRoot.MAP
                && root != LogicalTypeRoot.MULTISET
                // a variant is a group of leaves whose statistics say nothing of its values
                && root != LogicalTypeRoot.VARIANT;
    }
}

package io.pqx.table.source;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.options.ClosestKey;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.ListedFile;
import io.pqx.source.PqxSource;
import io.pqx.table.options.MissingColumns;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.RowType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a scan checks of its table's files when a statement is planned, so that a mistake in the DDL
 * fails (or warns) then, naming it, instead of reading as an empty table or as NULLs:
 *
 * <ul>
 *   <li>the {@code path} exists: a bounded scan fails without it; a continuous one (with {@code
 *       source.monitor-interval}) logs that it reads the directory once it appears;
 *   <li>the first {@value #SCHEMA_CHECKED_FILES} files listed can give every declared data column
 *       as its type (by the readers' rules);
 *   <li>every declared data column is in at least one file ({@code source.missing-columns}): when
 *       one is in none of the first files, up to {@value #MORE_FILES} of the newest others are read
 *       too, so that a column added lately (schema evolution) is found.
 * </ul>
 *
 * A table without files is not checked for columns: there is nothing to compare with. Stateless.
 */
final class PlanTimeCheck {
    private static final Logger LOG = LoggerFactory.getLogger(PlanTimeCheck.class);

    /** Files whose schemas are checked against the declared columns at plan time. */
    static final int SCHEMA_CHECKED_FILES = 16;

    /** Further files read only to find a column the first ones lack. */
    static final int MORE_FILES = 256;

    private PlanTimeCheck() {}

    static void check(TableSourceSpec spec, PqxSource<?> source, boolean continuous) {
        try {
            if (!pathExists(spec, continuous)) {
                return;
            }
            List<ListedFile> files = source.listFiles();
            ReadOptions options = source.readOptions();
            RowType data = dataColumns(spec);
            Set<String> missing = new LinkedHashSet<>(data.getFieldNames());
            Set<String> fileColumns = new LinkedHashSet<>();
            int checked = Math.min(files.size(), SCHEMA_CHECKED_FILES);
            for (ListedFile file : files.subList(0, checked)) {
                try (ParquetReader reader =
                        ParquetReader.open(FlinkInputFile.open(new Path(file.path())), options)) {
                    source.checkReadable(reader, file);
                    found(reader, missing, fileColumns);
                }
            }
            if (!missing.isEmpty() && files.size() > checked) {
                List<ListedFile> rest = new ArrayList<>(files.subList(checked, files.size()));
                rest.sort(Comparator.comparingLong(ListedFile::modificationTime).reversed());
                for (ListedFile file : rest.subList(0, Math.min(rest.size(), MORE_FILES))) {
                    try (ParquetReader reader =
                            ParquetReader.open(
                                    FlinkInputFile.open(new Path(file.path())), options)) {
                        found(reader, missing, fileColumns);
                    }
                    if (missing.isEmpty()) {
                        break;
                    }
                }
            }
            if (!files.isEmpty() && !missing.isEmpty()) {
                missingColumns(spec, missing, fileColumns);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ValidationException v) {
                throw v;
            }
            throw new ValidationException(
                    "Table " + spec.tableName() + " cannot be read as declared: " + e.getMessage(),
                    e);
        }
    }

    /** Whether the table's directory exists; refused when it does not and the scan is bounded. */
    private static boolean pathExists(TableSourceSpec spec, boolean continuous) throws IOException {
        Path path = new Path(spec.path());
        FileSystem fs = path.getFileSystem();
        if (fs.exists(path)) {
            return true;
        }
        if (!continuous) {
            throw new ValidationException(
                    "Table "
                            + spec.tableName()
                            + ": option '"
                            + TableSourceSpec.PATH_KEY
                            + "' names '"
                            + spec.path()
                            + "', which does"
                            + " not exist. A bounded scan needs its directory (an empty table is an empty"
                            + " directory); a continuous one (with 'source.monitor-interval') may wait for"
                            + " it to appear.");
        }
        LOG.warn(
                "Table {}: path '{}' does not exist yet; the continuous scan lists it every"
                        + " 'source.monitor-interval' and reads its files once the directory appears",
                spec.tableName(),
                spec.path());
        return false;
    }

    private static RowType dataColumns(TableSourceSpec spec) {
        List<RowType.RowField> data = new ArrayList<>();
        for (RowType.RowField field : spec.rowType().getFields()) {
            if (!spec.partitionKeys().contains(field.getName())) {
                data.add(field);
            }
        }
        return new RowType(data);
    }

    /** Removes from {@code missing} the columns the file has, matched as the readers match them. */
    private static void found(ParquetReader reader, Set<String> missing, Set<String> fileColumns) {
        List<String> names = new ArrayList<>();
        for (FieldView field : reader.schema().fields()) {
            names.add(field.name());
        }
        fileColumns.addAll(names);
        missing.removeIf(column -> matches(column, names));
    }

    /** The readers' rule: the same name, or the one name equal to it ignoring case. */
    private static boolean matches(String column, List<String> names) {
        if (names.contains(column)) {
            return true;
        }
        return names.stream().filter(n -> n.equalsIgnoreCase(column)).count() == 1;
    }

    private static void missingColumns(
            TableSourceSpec spec, Set<String> missing, Set<String> fileColumns) {
        List<String> described = new ArrayList<>();
        for (String column : missing) {
            String closest = ClosestKey.of(column, fileColumns).orElse(null);
            described.add(
                    "'"
                            + column
                            + "'"
                            + (closest == null
                                    ? ""
                                    : " (the closest column the files have is '" + closest + "')"));
        }
        String what =
                (missing.size() == 1 ? "declared column " : "declared columns ")
                        + String.join(", ", described)
                        + (missing.size() == 1 ? " is" : " are")
                        + " in none of the table's files checked";
        if (spec.options().get(PqxTableSourceOptions.MISSING_COLUMNS) == MissingColumns.FAIL) {
            throw new ValidationException(
                    "Table "
                            + spec.tableName()
                            + ": "
                            + what
                            + " (option '"
                            + PqxTableSourceOptions.MISSING_COLUMNS.key()
                            + "'='fail')");
        }
        LOG.warn(
                "Table {}: {}; read as NULL (a typo? set '{}'='fail' to refuse it)",
                spec.tableName(),
                what,
                PqxTableSourceOptions.MISSING_COLUMNS.key());
    }
}

package io.pqx.source.enumerator;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.runtimefilter.RuntimeFilterKeys;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.source.DynamicFilteringData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flink's dynamic filtering (DPP) as pqx runtime filters: each dynamic-filtering field has a
 * dynamic slot of the predicate ({@link #slotName}), and the data Flink sends becomes, field by
 * field, a runtime filter for that slot (the range of the field's values and a bloom filter over
 * them). The enumerator then applies it as any runtime filter: files by partition value, row groups
 * by statistics, rows in the readers.
 *
 * <p><b>Why this is safe.</b> Flink sends the data only to the fact side of an inner or semi join
 * on these fields, whose rows without a matching key the join drops; a fact row is kept when each
 * of its fields' values is among that field's values (a weakening of "the tuple is among the
 * tuples"), and a NULL key matches nothing. Data that does not say it filters ({@code
 * isFiltering()} false: over {@code table.exec.dynamic-filtering.threshold}), data whose fields do
 * not match the fields in number, and a field whose values do not fit its column give no filter:
 * the data is kept.
 */
@Internal
public final class DynamicFilteringSlots {
    private static final Logger LOG = LoggerFactory.getLogger(DynamicFilteringSlots.class);
    private static final String PREFIX = "pqx-dynamic-filtering:";

    private DynamicFilteringSlots() {}

    /** The name of the dynamic slot that takes the dynamic-filtering data of {@code field}. */
    public static String slotName(String field) {
        return PREFIX + field;
    }

    /**
     * Whether a column of {@code type} can take dynamic filtering: the types pqx's runtime filters
     * prune and filter on exactly (integers, DECIMAL, VARCHAR, BINARY/VARBINARY, DATE, TIME,
     * TIMESTAMP, TIMESTAMP_LTZ, BOOLEAN). Not FLOAT/DOUBLE (NaN and -0.0 compare differently in
     * Flink's join and in the data), not CHAR (blank padding).
     */
    public static boolean accepts(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN,
                    TINYINT,
                    SMALLINT,
                    INTEGER,
                    BIGINT,
                    DECIMAL,
                    VARCHAR,
                    BINARY,
                    VARBINARY,
                    DATE,
                    TIME_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    true;
            default -> false;
        };
    }

    /**
     * The runtime filters of {@code data} for {@code fields} (matched by position: the data's row
     * type carries the other side's names) of {@code rowType}; none when the data keeps everything.
     *
     * @param source names the source in log messages
     */
    static List<RuntimeFilterEvent> filters(
            DynamicFilteringData data,
            List<String> fields,
            RowType rowType,
            double fpp,
            Object source) {
        List<RuntimeFilterEvent> out = new ArrayList<>();
        if (!data.isFiltering()) {
            LOG.info(
                    "pqx source {}: dynamic filtering data for {} keeps everything (over the"
                            + " threshold); reading all",
                    source,
                    fields);
            return out;
        }
        RowType dataType = data.getRowType();
        if (dataType.getFieldCount() != fields.size()) {
            LOG.warn(
                    "pqx source {}: ignoring dynamic filtering data of type {}: the source takes"
                            + " the fields {}",
                    source,
                    dataType,
                    fields);
            return out;
        }
        Collection<RowData> rows = data.getData();
        for (int i = 0; i < fields.size(); i++) {
            String field = fields.get(i);
            LogicalType keyType = rowType.getTypeAt(rowType.getFieldIndex(field));
            RowData.FieldGetter getter = RowData.createFieldGetter(dataType.getTypeAt(i), i);
            List<Object> keys = new ArrayList<>(rows.size());
            for (RowData row : rows) {
                keys.add(getter.getFieldOrNull(row));
            }
            try {
                out.add(
                        RuntimeFilterKeys.of(
                                slotName(field),
                                ColumnRef.of(field),
                                keyType,
                                keys,
                                keys.size(),
                                fpp));
            } catch (IllegalArgumentException e) {
                LOG.warn(
                        "pqx source {}: dynamic filtering data of field {} ({}) does not fit column"
                                + " {} of type {}; not filtering by it",
                        source,
                        dataType.getFieldNames().get(i),
                        dataType.getTypeAt(i),
                        field,
                        keyType,
                        e);
            }
        }
        return out;
    }
}

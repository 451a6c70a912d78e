package io.pqx.table.lookup;

import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.source.PqxSource;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a lookup into a pqx table reads and gives back, fixed at plan time: the table (its files as
 * {@code listing} lists them, its physical row type and partition keys), the key fields and the
 * fields returned (indexes into the table's row type), the pushed filter rows must pass, and the
 * per-task settings. Immutable and serializable: shipped to every lookup task.
 */
final class LookupTable implements Serializable {
    private static final long serialVersionUID = 1L;

    final String tableName;
    final PqxSource<RowData> listing;
    final RowType tableType;
    final List<String> partitionKeys;
    final int[] keyFields;

    /** Top-level fields of the table row returned, in order; null: all. */
    final int[] outputFields;

    /** The pushed filter over the table's columns, or null. */
    final Predicate filter;

    final long refreshMillis;
    final long metadataCacheBytes;

    LookupTable(
            String tableName,
            PqxSource<RowData> listing,
            RowType tableType,
            List<String> partitionKeys,
            int[] keyFields,
            int[] outputFields,
            Predicate filter,
            Duration refresh,
            long metadataCacheBytes) {
        this.tableName = tableName;
        this.listing = listing;
        this.tableType = tableType;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.keyFields = keyFields.clone();
        this.outputFields = outputFields == null ? null : outputFields.clone();
        this.filter = filter;
        this.refreshMillis = refresh.toMillis();
        this.metadataCacheBytes = metadataCacheBytes;
    }

    String keyName(int keyPart) {
        return tableType.getFieldNames().get(keyFields[keyPart]);
    }

    LogicalType keyType(int keyPart) {
        return tableType.getTypeAt(keyFields[keyPart]);
    }

    boolean isPartitionKey(int keyPart) {
        return partitionKeys.contains(keyName(keyPart));
    }

    /** The row returned for a table row: the row itself, or a new row of the fields returned. */
    UnaryOperator<RowData> outputProjection() {
        if (outputFields == null) {
            return UnaryOperator.identity();
        }
        RowData.FieldGetter[] getters = new RowData.FieldGetter[outputFields.length];
        for (int i = 0; i < getters.length; i++) {
            getters[i] =
                    RowData.createFieldGetter(
                            tableType.getTypeAt(outputFields[i]), outputFields[i]);
        }
        return row -> {
            GenericRowData projected = new GenericRowData(getters.length);
            for (int i = 0; i < getters.length; i++) {
                projected.setField(i, getters[i].getFieldOrNull(row));
            }
            return projected;
        };
    }

    /** The pushed filter bound to the table's row, or null. */
    BoundPredicate boundFilter() {
        return filter == null ? null : BoundPredicate.bind(filter, ColumnResolver.of(tableType));
    }

    /** The type of the rows returned: the table's row, or the fields returned. */
    RowType outputType() {
        if (outputFields == null) {
            return tableType;
        }
        LogicalType[] types = new LogicalType[outputFields.length];
        String[] names = new String[outputFields.length];
        for (int i = 0; i < outputFields.length; i++) {
            types[i] = tableType.getTypeAt(outputFields[i]);
            names[i] = tableType.getFieldNames().get(outputFields[i]);
        }
        return RowType.of(types, names);
    }
}

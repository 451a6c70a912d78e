package io.pqx.table;

import io.pqx.table.sink.PqxTableSink;
import io.pqx.table.source.PqxTableSource;
import io.pqx.table.source.TableSourceSpec;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;
import java.util.Set;

/**
 * The factory of {@code 'connector'='pqx'} tables (identifier {@value #IDENTIFIER}), for scans and
 * for {@code INSERT}s. Options are {@link PqxTableOptions}. Everything a table says is checked
 * when a statement using it is planned: an unknown key (with the closest known one), a value that
 * does not parse or that the source or sink refuses, and a column type pqx cannot write (sink) or
 * read from the files present (source) fail with a {@link ValidationException} naming the table,
 * and the key or the column.
 */
public final class PqxTableFactory implements DynamicTableSourceFactory, DynamicTableSinkFactory {
    public static final String IDENTIFIER = "pqx";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PqxTableOptions.PATH);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return PqxTableOptions.optional();
    }

    @Override
    public DynamicTableSource createDynamicTableSource(DynamicTableFactory.Context context) {
        TableContext table = TableContext.of(this, context);
        return PqxTableSource.create(new TableSourceSpec(table.name(), table.path(), table.rowType(),
                table.partitionKeys(), table.options().get(PqxTableOptions.PARTITION_DEFAULT_NAME),
                table.options()));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(DynamicTableFactory.Context context) {
        TableContext table = TableContext.of(this, context);
        return PqxTableSink.create(table.name(), table.path(), table.rowType(),
                table.partitionKeys(), table.options());
    }

    /** What both sides need of a table's DDL, validated. */
    private record TableContext(String name, String path, RowType rowType,
            List<String> partitionKeys, Configuration options) {
        static TableContext of(PqxTableFactory factory, DynamicTableFactory.Context context) {
            FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(factory, context);
            ObjectIdentifier id = context.getObjectIdentifier();
            String name = id.asSummaryString();
            helper.validate();
            ReadableConfig raw = helper.getOptions();
            Configuration options = new Configuration();
            for (ConfigOption<?> option : factory.optionalOptions()) {
                copy(name, raw, option, options);
            }
            copy(name, raw, PqxTableOptions.PATH, options);
            RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
            return new TableContext(name, options.get(PqxTableOptions.PATH), rowType,
                    context.getCatalogTable().getPartitionKeys(), options);
        }

        /** Parses one option's value now, so that a bad value fails here naming its key. */
        private static <T> void copy(String table, ReadableConfig from, ConfigOption<T> option,
                Configuration to) {
            try {
                from.getOptional(option).ifPresent(value -> to.set(option, value));
            } catch (RuntimeException e) {
                throw new ValidationException("Table " + table + ": option '" + option.key()
                        + "' has a bad value: " + rootMessage(e), e);
            }
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + t.getMessage() + ")";
    }
}

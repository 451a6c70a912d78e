package io.pqx.table;

import io.pqx.table.sink.PqxTableSink;
import io.pqx.table.source.PqxTableSource;
import io.pqx.table.source.RowtimeCheck;
import io.pqx.table.source.TableSourceSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;
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

/**
 * The factory of {@code 'connector'='pqx'} tables (identifier {@value #IDENTIFIER}), for scans and
 * for {@code INSERT}s. Options are {@link PqxTableOptions}. Everything a table says is checked when
 * a statement using it is planned: an unknown key (with the closest known one), a value that does
 * not parse (with the value and what the key accepts) or that the source or sink refuses, a {@code
 * path} that does not exist (bounded scans), and a column type pqx cannot write (sink) or read from
 * the files present (source) fail with a {@link ValidationException} naming the table, and the key
 * or the column, in its own message (no cause hides it).
 */
@PublicEvolving
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
        Configuration options =
                RowtimeCheck.check(
                        table.name(),
                        context.getCatalogTable().getResolvedSchema(),
                        table.options());
        return PqxTableSource.create(
                new TableSourceSpec(
                        table.name(),
                        table.path(),
                        table.rowType(),
                        table.partitionKeys(),
                        options.get(PqxTableOptions.PARTITION_DEFAULT_NAME),
                        options));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(DynamicTableFactory.Context context) {
        TableContext table = TableContext.of(this, context);
        return PqxTableSink.create(
                table.name(),
                table.path(),
                table.rowType(),
                table.partitionKeys(),
                table.options());
    }

    /** What both sides need of a table's DDL, validated. */
    private record TableContext(
            String name,
            String path,
            RowType rowType,
            List<String> partitionKeys,
            Configuration options) {
        static TableContext of(PqxTableFactory factory, DynamicTableFactory.Context context) {
            FactoryUtil.TableFactoryHelper helper =
                    FactoryUtil.createTableFactoryHelper(factory, context);
            ObjectIdentifier id = context.getObjectIdentifier();
            String name = id.asSummaryString();
            ReadableConfig all = helper.getOptions();
            Map<String, String> written =
                    all instanceof Configuration configuration
                            ? configuration.toMap()
                            : context.getCatalogTable().getOptions();
            // checked here rather than by helper.validate(): its messages list every key instead
            // of the closest one, and put a value's parse error under a cause naming no option
            Configuration options =
                    TableOptionCheck.check(
                            name, written, factory.requiredOptions(), factory.optionalOptions());
            RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
            return new TableContext(
                    name,
                    options.get(PqxTableOptions.PATH),
                    rowType,
                    context.getCatalogTable().getPartitionKeys(),
                    options);
        }
    }
}

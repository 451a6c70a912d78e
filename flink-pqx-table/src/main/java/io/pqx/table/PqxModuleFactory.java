package io.pqx.table;

import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.ModuleFactory;
import org.apache.flink.table.module.Module;

/**
 * The factory of {@link PqxModule} for {@code LOAD MODULE pqx} (identifier {@value #IDENTIFIER},
 * registered in {@code META-INF/services}); it takes no options, and refuses any with Flink's
 * message naming them.
 */
@PublicEvolving
public final class PqxModuleFactory implements ModuleFactory {
    public static final String IDENTIFIER = "pqx";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public Module createModule(Context context) {
        FactoryUtil.createModuleFactoryHelper(this, context).validate();
        return PqxModule.INSTANCE;
    }
}

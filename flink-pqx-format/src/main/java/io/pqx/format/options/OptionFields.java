package io.pqx.format.options;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;

/**
 * The public static {@link ConfigOption} constants of an options class, in declaration order: how
 * the source's and the sink's options classes list every option they define. Stateless.
 */
@PublicEvolving
public final class OptionFields {
    private OptionFields() {}

    /** Every public static {@code ConfigOption} field of {@code holder}. */
    public static List<ConfigOption<?>> of(Class<?> holder) {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Field field : holder.getFields()) {
            if (Modifier.isStatic(field.getModifiers())
                    && ConfigOption.class.isAssignableFrom(field.getType())) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("Cannot read option " + field.getName(), e);
                }
            }
        }
        return List.copyOf(options);
    }
}

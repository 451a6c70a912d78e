package io.pqx.table;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.module.Module;

/**
 * A Flink module that lets conditions reaching into a VARIANT ({@code v['a'] IS NULL}, {@code
 * JSON_STRING(v['a']) = '42'}) be offered to the filter push-down of table sources, so that a pqx
 * scan prunes row groups and pages by shredded variant fields. Load it with {@code LOAD MODULE pqx}
 * in SQL or {@code tableEnv.loadModule("pqx", PqxModule.INSTANCE)}.
 *
 * <p>Why it is needed: Flink 2.3's planner turns a {@code WHERE} condition into the expressions it
 * hands {@code SupportsFilterPushDown.applyFilters} with {@code RexNodeToExpressionConverter},
 * which finds each Calcite operator's function by name in the function catalog: a special operator
 * by its kind ({@code v['a']} is {@code ITEM}), a function by its name without underscores ({@code
 * JSON_STRING} is looked up as {@code JSONSTRING}). Flink's own functions are named {@code at} and
 * {@code JSON_STRING}, so neither is found, and a condition holding either is never offered to any
 * table source. This module answers exactly those two names with Flink's own built-in definitions
 * ({@link BuiltInFunctionDefinitions#AT}, {@link BuiltInFunctionDefinitions#JSON_STRING}), so the
 * expressions offered, and those Flink converts back into its plan for the conditions that remain,
 * are Flink's own: the rows of a query are the same with the module as without. Its two functions
 * are hidden (not listed by {@code SHOW FUNCTIONS}); the only other effect is that SQL may call
 * {@code ITEM(x, k)} and {@code JSONSTRING(x)} as those functions.
 *
 * <p>Guarantee: pqx keeps every such condition for Flink to evaluate after the scan and only prunes
 * by it, where that never skips a row the condition holds for (see {@code docs/sql.md}).
 */
@PublicEvolving
public final class PqxModule implements Module {
    /** The module, stateless. */
    public static final PqxModule INSTANCE = new PqxModule();

    /** The names the planner looks up, with Flink's own definitions for them. */
    private static final Map<String, FunctionDefinition> FUNCTIONS =
            Map.of(
                    "item", BuiltInFunctionDefinitions.AT,
                    "jsonstring", BuiltInFunctionDefinitions.JSON_STRING);

    private PqxModule() {}

    @Override
    public Set<String> listFunctions() {
        return Set.of();
    }

    @Override
    public Set<String> listFunctions(boolean includeHiddenFunctions) {
        return includeHiddenFunctions ? FUNCTIONS.keySet() : Set.of();
    }

    @Override
    public Optional<FunctionDefinition> getFunctionDefinition(String name) {
        return Optional.ofNullable(FUNCTIONS.get(name.toLowerCase(Locale.ROOT)));
    }
}

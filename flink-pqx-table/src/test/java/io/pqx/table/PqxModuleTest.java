package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.junit.jupiter.api.Test;

/**
 * {@code LOAD MODULE pqx} finds {@link PqxModuleFactory}; the module answers the two names Flink's
 * planner looks up for {@code v['a']} and {@code JSON_STRING} with Flink's own definitions, hides
 * them from {@code SHOW FUNCTIONS}, and takes no options.
 */
class PqxModuleTest {
    @Test
    void answersThePlannersNamesWithFlinksOwnDefinitions() {
        assertThat(PqxModule.INSTANCE.getFunctionDefinition("item"))
                .containsSame(BuiltInFunctionDefinitions.AT);
        assertThat(PqxModule.INSTANCE.getFunctionDefinition("JSONSTRING"))
                .containsSame(BuiltInFunctionDefinitions.JSON_STRING);
        assertThat(PqxModule.INSTANCE.getFunctionDefinition("json_string")).isEmpty();
        assertThat(PqxModule.INSTANCE.listFunctions()).isEmpty();
        assertThat(PqxModule.INSTANCE.listFunctions(true))
                .containsExactlyInAnyOrder("item", "jsonstring");
    }

    @Test
    void loadsBySqlHiddenAndWithoutOptions() {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.executeSql("LOAD MODULE pqx");
        assertThat(t.listModules()).contains("pqx");
        assertThat(Arrays.asList(t.listFunctions())).doesNotContain("item", "jsonstring");
        TableEnvironment other = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        assertThatThrownBy(() -> other.executeSql("LOAD MODULE pqx WITH ('x' = '1')"))
                .hasStackTraceContaining("Unsupported options");
    }
}

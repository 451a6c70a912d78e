package io.pqx.e2e.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import io.pqx.source.flinkapifixture.ExtendsInternalBatch;
import io.pqx.source.flinkapifixture.UsesInternalTypeConversions;
import io.pqx.source.flinkapifixture.UsesPublicAndAllowedApi;
import io.pqx.source.flinkapifixture.UsesToolsOnlyClass;
import org.junit.jupiter.api.Test;

/**
 * {@link FlinkApiRule} can fail: checked against fixture classes (test code, in the source's
 * packages), it reports the non-public Flink classes that no group allows, or that a group allows
 * to other modules only, and a users' type extending an internal Flink class; it passes public API
 * and allowed groups.
 */
class FlinkApiRuleTest {

    @Test
    void reportsAnInternalFlinkClassNoGroupAllows() {
        EvaluationResult result =
                FlinkApiRule.onlyPublicFlinkApi().evaluate(only(UsesInternalTypeConversions.class));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails())
                .singleElement()
                .asString()
                .contains(UsesInternalTypeConversions.class.getName() + " (source)")
                .contains(
                        "non-public Flink class org.apache.flink.table.types.utils.TypeConversions");
    }

    @Test
    void reportsAClassAllowedToAnotherModuleOnly() {
        EvaluationResult result =
                FlinkApiRule.onlyPublicFlinkApi().evaluate(only(UsesToolsOnlyClass.class));

        assertThat(result.getFailureReport().getDetails())
                .singleElement()
                .asString()
                .contains("org.apache.flink.configuration.GlobalConfiguration");
    }

    @Test
    void passesPublicApiNestedPublicApiAndAllowedGroups() {
        FlinkApiRule.onlyPublicFlinkApi().check(only(UsesPublicAndAllowedApi.class));
    }

    @Test
    void reportsAUsersTypeExtendingAnInternalFlinkClass() {
        JavaClasses fixture = only(ExtendsInternalBatch.class);
        // the source may use the columnar batch, but its users' API may not extend it
        FlinkApiRule.onlyPublicFlinkApi().check(fixture);
        assertThatThrownBy(() -> FlinkApiRule.apiExtendsOnlyPublicFlinkApi().check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(
                        ExtendsInternalBatch.class.getName()
                                + " extends or implements internal Flink class"
                                + " org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch");
    }

    private static JavaClasses only(Class<?> fixture) {
        return new ClassFileImporter().importClasses(fixture);
    }
}

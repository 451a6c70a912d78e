package io.pqx.table.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class PartitionCommitPoliciesTest {
    private static Optional<Boolean> successFile(Map<String, String> options) {
        return PartitionCommitPolicies.successFile(Configuration.fromMap(options));
    }

    @Test
    void theKindDecidesTheSuccessFileAndTheBooleanAloneStillCounts() {
        assertThat(successFile(Map.of())).isEmpty();
        assertThat(successFile(Map.of("sink.partition-commit.success-file", "true"))).isEmpty();
        assertThat(successFile(Map.of("sink.partition-commit.policy.kind", " Success-File ")))
                .contains(true);
        assertThat(
                        successFile(
                                Map.of(
                                        "sink.partition-commit.policy.kind",
                                        "success-file",
                                        "sink.partition-commit.success-file",
                                        "true")))
                .contains(true);
    }

    @Test
    void metastoreCustomUnknownAndDisagreeingKindsAreRefused() {
        assertThatThrownBy(
                        () ->
                                successFile(
                                        Map.of(
                                                "sink.partition-commit.policy.kind",
                                                "success-file,metastore")))
                .hasMessageContaining("names 'metastore', which pqx cannot offer");
        assertThatThrownBy(() -> successFile(Map.of("sink.partition-commit.policy.kind", "custom")))
                .hasMessageContaining("names 'custom'");
        assertThatThrownBy(() -> successFile(Map.of("sink.partition-commit.policy.kind", "")))
                .hasMessageContaining("must be a comma-separated list of 'success-file'");
        assertThatThrownBy(
                        () ->
                                successFile(
                                        Map.of(
                                                "sink.partition-commit.policy.kind",
                                                "success-file",
                                                "sink.partition-commit.success-file",
                                                "false")))
                .hasMessageContaining(
                        "'sink.partition-commit.success-file' is false but option"
                                + " 'sink.partition-commit.policy.kind' is 'success-file'");
    }
}

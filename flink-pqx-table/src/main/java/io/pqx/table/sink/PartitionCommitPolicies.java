package io.pqx.table.sink;

import io.pqx.sink.PqxSinkOptions;
import java.util.Locale;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;

/**
 * Maps Flink's {@code sink.partition-commit.policy.kind} (a comma-separated list of {@code
 * success-file}, {@code metastore}, {@code custom}) onto pqx's sink option {@code
 * sink.partition-commit.success-file}: the list decides it, and an explicitly set boolean must
 * agree. {@code metastore} and {@code custom} are refused with the reason. Stateless.
 */
final class PartitionCommitPolicies {
    static final String SUCCESS_FILE = "success-file";
    static final String METASTORE = "metastore";
    static final String CUSTOM = "custom";

    private PartitionCommitPolicies() {}

    /**
     * Whether partitions get {@code _SUCCESS}, from the table's options: empty when {@code
     * sink.partition-commit.policy.kind} is not set (the sink's own option then decides).
     *
     * @throws IllegalArgumentException naming the key, for a kind pqx does not offer, an unknown
     *     one, or a disagreeing {@code sink.partition-commit.success-file}
     */
    static Optional<Boolean> successFile(Configuration options) {
        String key = PqxTableSinkOptions.SINK_PARTITION_COMMIT_POLICY_KIND.key();
        Optional<String> kinds =
                options.getOptional(PqxTableSinkOptions.SINK_PARTITION_COMMIT_POLICY_KIND);
        if (kinds.isEmpty()) {
            return Optional.empty();
        }
        boolean successFile = false;
        for (String raw : kinds.get().split(",", -1)) {
            String kind = raw.trim().toLowerCase(Locale.ROOT);
            switch (kind) {
                case SUCCESS_FILE:
                    successFile = true;
                    break;
                case METASTORE:
                    throw new IllegalArgumentException(
                            "option '"
                                    + key
                                    + "' names 'metastore', which pqx cannot offer: a pqx"
                                    + " table's partitions are its k=v/ directories, and no catalog"
                                    + " pqx works with keeps partitions of it (Flink's"
                                    + " GenericInMemoryCatalog and the default catalog keep none;"
                                    + " a Hive metastore is out of scope). Use 'success-file'");
                case CUSTOM:
                    throw new IllegalArgumentException(
                            "option '"
                                    + key
                                    + "' names 'custom', which pqx does not support"
                                    + " (no 'sink.partition-commit.policy.class'). Use"
                                    + " 'success-file'");
                default:
                    throw new IllegalArgumentException(
                            "option '"
                                    + key
                                    + "' must be a comma-separated list of '"
                                    + SUCCESS_FILE
                                    + "' (pqx offers no other kind) but is '"
                                    + kinds.get()
                                    + "'");
            }
        }
        String booleanKey = PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE.key();
        Optional<Boolean> explicit =
                options.getOptional(PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE);
        if (explicit.isPresent() && explicit.get() != successFile) {
            throw new IllegalArgumentException(
                    "option '"
                            + booleanKey
                            + "' is "
                            + explicit.get()
                            + " but option '"
                            + key
                            + "' is '"
                            + kinds.get()
                            + "', which "
                            + (successFile ? "writes" : "writes no")
                            + " success file; set only one of them");
        }
        return Optional.of(successFile);
    }
}

package io.pqx.sink.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/** When a partition counts as complete ({@code sink.partition-commit.trigger}). */
@PublicEvolving
public enum PartitionCommitTrigger implements DescribedEnum {
    PROCESS_TIME(
            "A partition is complete once 'sink.partition-commit.delay' of processing time"
                    + " has passed since its last file was committed."),
    WATERMARK(
            "A partition is complete once the sink's watermark has passed the time its last"
                    + " row was written plus 'sink.partition-commit.delay' (rows carry the record"
                    + " timestamp; without timestamps the partition never completes).");

    private final String description;

    PartitionCommitTrigger(String description) {
        this.description = description;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}

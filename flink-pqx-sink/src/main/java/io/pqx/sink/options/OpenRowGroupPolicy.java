package io.pqx.sink.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/**
 * What a checkpoint does with the rows of a part file's open row group when files stay open across
 * checkpoints ({@code sink.checkpoint.open-row-group}).
 */
public enum OpenRowGroupPolicy implements DescribedEnum {
    CARRY(
            "The rows of the open row group go into the checkpoint (serialized, at most one row"
                    + " group per open file) and are written again after a restore: row groups"
                    + " keep their configured size, at the cost of larger checkpoints."),
    FLUSH(
            "The open row group is written as a short row group at each checkpoint: small"
                    + " checkpoints, but a file gets a row group per checkpoint it spans."
                    + " Refused in exact mode, where only a file's last row group may be short.");

    private final String description;

    OpenRowGroupPolicy(String description) {
        this.description = description;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}

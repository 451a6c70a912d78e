package io.pqx.sink.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/**
 * What a checkpoint does with the rows of a part file's open row group when files stay open across
 * checkpoints ({@code sink.checkpoint.open-row-group}).
 */
@PublicEvolving
public enum OpenRowGroupPolicy implements DescribedEnum {
    CARRY(
            "The checkpoint carries the rows of the open row group: it writes the rows that"
                    + " arrived since the last checkpoint to a hidden row-log file next to the"
                    + " part file (serialized, each row once) and the state names those files;"
                    + " after a restore they are read and the rows fed again. Row groups keep"
                    + " their configured size; a checkpoint costs the rows since the last one."),
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

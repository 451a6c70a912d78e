package io.pqx.sink.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/**
 * How the sink cuts the row stream into row groups ({@code sink.row-group.mode}); each constant's
 * description is the rule, as the option's documentation shows it.
 */
@PublicEvolving
public enum RowGroupMode implements DescribedEnum {
    EXACT(
            "Every row group of a file has exactly 'sink.row-group.rows' rows, except the file's"
                    + " last (and except a group cut earlier by 'sink.row-group.bytes')."),
    APPROXIMATE(
            "Row groups aim at 'sink.row-group.rows' rows: the sink keeps up to two targets of rows"
                    + " pending; when it holds 2 x target it cuts one group of exactly target rows;"
                    + " when the file closes it splits the P pending rows into n = floor(P / target) or"
                    + " n + 1 equal parts, whichever part size lies closest to the target (ties: fewer"
                    + " parts), so no file ends with a group well under target.");

    private final String description;

    RowGroupMode(String description) {
        this.description = description;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}

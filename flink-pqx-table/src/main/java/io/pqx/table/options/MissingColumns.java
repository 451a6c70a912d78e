package io.pqx.table.options;

import static org.apache.flink.configuration.description.TextElement.text;

import java.util.Locale;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/**
 * What a scan does at plan time with a declared column that none of the files checked has ({@code
 * source.missing-columns}). Written and read lower-case, as Flink's filesystem connector spells its
 * values.
 */
@PublicEvolving
public enum MissingColumns implements DescribedEnum {
    WARN(
            "Log a warning naming the column and the closest column the files have; the column"
                    + " reads as NULL (a column added to the table before any file has it)."),
    FAIL("Fail the statement, naming the column and the closest column the files have.");

    private final String description;

    MissingColumns(String description) {
        this.description = description;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }
}

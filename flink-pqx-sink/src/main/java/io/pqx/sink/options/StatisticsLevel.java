package io.pqx.sink.options;

import static org.apache.flink.configuration.description.TextElement.text;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;

/** Which statistics the sink writes ({@code sink.statistics.level}). */
@PublicEvolving
public enum StatisticsLevel implements DescribedEnum {
    NONE("No statistics: no chunk min/max/null count, no column or offset index."),
    CHUNK("Column chunk statistics in the footer; no page index."),
    PAGE("Column chunk statistics plus the page index (column and offset indexes).");

    private final String description;

    StatisticsLevel(String description) {
        this.description = description;
    }

    @Override
    public InlineElement getDescription() {
        return text(description);
    }

    /** Whether column chunk statistics are written. */
    public boolean chunkStatistics() {
        return this != NONE;
    }

    /** Whether the page index (column and offset indexes) is written. */
    public boolean pageIndex() {
        return this == PAGE;
    }
}

package io.pqx.source.enumerator;

import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.source.DynamicFilteringEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The enumerator's handling of Flink's dynamic partition pruning: a {@link DynamicFilteringEvent}
 * (batch DPP, delivered as {@code handleSourceEvent(0, event)}) for the source's dynamic-filtering
 * fields becomes one runtime filter per field ({@link DynamicFilteringSlots}), which the enumerator
 * applies as any runtime filter ({@link RuntimeFilterProtocol}). A source built without
 * dynamic-filtering fields ignores the event (and says so): it gives no filter.
 *
 * <p>Splits are not held back waiting for the event (Flink schedules the fact side after the data
 * is collected, so it normally arrives first): a split handed out before it is read, and its rows
 * filtered once the readers have the filter; the result is the same.
 */
@Internal
final class DynamicPartitionPruning {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    private final EnumeratorSettings settings;

    DynamicPartitionPruning(EnumeratorSettings settings) {
        this.settings = settings;
    }

    /** The runtime filters {@code event} gives: none without dynamic-filtering fields. */
    List<RuntimeFilterEvent> runtimeFilters(DynamicFilteringEvent event) {
        if (settings.filtering().dynamicFilteringFields().isEmpty()) {
            LOG.warn(
                    "pqx source {}: ignoring dynamic filtering data {}: the source was built"
                            + " without dynamic-filtering fields",
                    settings.paths(),
                    event);
            return List.of();
        }
        LOG.info(
                "pqx source {}: dynamic filtering data arrived for {}: {}",
                settings.paths(),
                settings.filtering().dynamicFilteringFields(),
                event.getData());
        return DynamicFilteringSlots.filters(
                event.getData(),
                settings.filtering().dynamicFilteringFields(),
                settings.filtering().rowType(),
                settings.filtering().dynamicFilteringFpp(),
                settings.paths());
    }
}

package io.pqx.source.runtimefilter;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A source that takes runtime filters: it says where the filter for one of its dynamic slots goes.
 * {@code PqxSource} implements it; {@link RuntimeFilters#publish} asks it.
 */
@PublicEvolving
public interface RuntimeFilterSource {
    /**
     * Where a filter for the dynamic slot {@code slot} goes.
     *
     * @throws IllegalArgumentException when the source has no slot of that name
     */
    RuntimeFilterTarget runtimeFilterTarget(String slot);
}

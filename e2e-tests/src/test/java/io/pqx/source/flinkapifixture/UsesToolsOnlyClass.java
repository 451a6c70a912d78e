package io.pqx.source.flinkapifixture;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;

/**
 * A fixture of the Flink API rule: uses a Flink class allowed to pqx-tools only, from the source's
 * packages.
 */
public final class UsesToolsOnlyClass {
    private UsesToolsOnlyClass() {}

    public static Configuration load(String dir) {
        return GlobalConfiguration.loadConfiguration(dir);
    }
}

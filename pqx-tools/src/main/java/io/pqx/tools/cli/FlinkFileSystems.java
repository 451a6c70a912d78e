package io.pqx.tools.cli;

import org.apache.flink.configuration.ConfigConstants;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.plugin.PluginUtils;

/**
 * Sets up Flink's {@link FileSystem} the way a Flink process would, so that {@code pqx} reads any
 * URI a Flink job could: the configuration of {@code $FLINK_CONF_DIR} (when set), file system
 * plugins of {@code $FLINK_PLUGINS_DIR} (when set), and file systems on the classpath.
 *
 * <p>Called once by {@link PqxCli} before a command runs; not thread-safe (Flink's own
 * initialization is global).
 */
final class FlinkFileSystems {

    private FlinkFileSystems() {}

    static void initialize() {
        String confDir = System.getenv(ConfigConstants.ENV_FLINK_CONF_DIR);
        Configuration config =
                confDir == null
                        ? new Configuration()
                        : GlobalConfiguration.loadConfiguration(confDir);
        if (System.getenv(ConfigConstants.ENV_FLINK_PLUGINS_DIR) != null) {
            FileSystem.initialize(config, PluginUtils.createPluginManagerFromRootFolder(config));
        } else {
            // Without a plugins directory Flink would only warn that "plugins" does not exist.
            FileSystem.initialize(config, null);
        }
    }
}

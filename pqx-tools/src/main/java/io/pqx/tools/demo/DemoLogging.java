package io.pqx.tools.demo;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory;
import org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration;

/**
 * Sends every log line of the demo (Flink's included, from INFO up) to one file and none to the
 * console, whose output is the demo's own. Stateless.
 */
final class DemoLogging {
    private DemoLogging() {}

    /** From now on, logs go to {@code file} only. */
    static void toFile(Path file) {
        ConfigurationBuilder<BuiltConfiguration> b =
                ConfigurationBuilderFactory.newConfigurationBuilder();
        b.setConfigurationName("pqx-demo");
        b.add(
                b.newAppender("file", "File")
                        .addAttribute("fileName", file.toString())
                        .add(
                                b.newLayout("PatternLayout")
                                        .addAttribute(
                                                "pattern",
                                                "%d{HH:mm:ss,SSS} %-5p %-40.40c{1.} [%t] - %m%n")));
        b.add(b.newRootLogger(Level.INFO).add(b.newAppenderRef("file")));
        Configurator.reconfigure(b.build());
    }
}

package io.pqx.source.enumerator;

import io.pqx.source.discovery.DiscoveredFile;
import java.time.Duration;
import java.time.Instant;
import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a continuous listing does not read is never silent: files taken as read at a restore are
 * counted and logged in one line; a late file is counted and logged by name ({@code
 * source.discovery.late-files} = SKIP), or fails the job without restart (FAIL), since a restart
 * would take it as read. Used on the coordinator thread.
 */
@Internal
final class LateFileReport {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    /** The keys of the options named in messages (the options class depends on this package). */
    static final String HORIZON_KEY = "source.discovery.horizon";

    static final String LATE_FILES_KEY = "source.discovery.late-files";

    private final EnumeratorSettings settings;
    private final DiscoveryMetrics metrics;

    LateFileReport(EnumeratorSettings settings, DiscoveryMetrics metrics) {
        this.settings = settings;
        this.metrics = metrics;
    }

    /** Counts and logs the files {@code verdict} does not read, or fails on a late one. */
    void report(SeenFiles.ListingVerdict verdict) {
        if (!verdict.takenAsRead().isEmpty()) {
            metrics.takenAsReadAtRestore.inc(verdict.takenAsRead().size());
            LOG.info(
                    "pqx source {}: the first listing after a restore has {} files older than the"
                            + " restored threshold {} ({}) that the state does not name: taken as read"
                            + " before the checkpoint, not read (a file that appeared while the job was down"
                            + " with such a modification time is among them)",
                    settings.paths(),
                    verdict.takenAsRead().size(),
                    verdict.thresholdBefore(),
                    Instant.ofEpochMilli(verdict.thresholdBefore()));
            if (LOG.isDebugEnabled()) {
                for (DiscoveredFile f : verdict.takenAsRead()) {
                    LOG.debug(
                            "pqx source {}: taken as read at restore: {} (modified {})",
                            settings.paths(),
                            f.path(),
                            Instant.ofEpochMilli(f.modificationTime()));
                }
            }
        }
        for (DiscoveredFile f : verdict.late()) {
            String what =
                    "file "
                            + f.path()
                            + " appeared with modification time "
                            + Instant.ofEpochMilli(f.modificationTime())
                            + ", older than the threshold "
                            + Instant.ofEpochMilli(verdict.thresholdBefore())
                            + " (the newest file planned"
                            + " before it was modified at "
                            + Instant.ofEpochMilli(verdict.watermarkBefore())
                            + ", "
                            + HORIZON_KEY
                            + " is "
                            + Duration.ofMillis(settings.discovery().horizonMillis())
                            + ")";
            if (settings.discovery().failOnLateFiles()) {
                throw new SuppressRestartsException(
                        new FlinkRuntimeException(
                                "pqx source "
                                        + settings.paths()
                                        + " cannot read a late file ("
                                        + LATE_FILES_KEY
                                        + " = FAIL): "
                                        + what
                                        + ". A restart would not read it either. To read"
                                        + " it, give it a current modification time, or raise "
                                        + HORIZON_KEY
                                        + " for files published this late and start"
                                        + " the job again."));
            }
            metrics.skippedAsLate.inc();
            LOG.warn(
                    "pqx source {}: not reading late {} ({} = SKIP; counted in {})",
                    settings.paths(),
                    what,
                    LATE_FILES_KEY,
                    DiscoveryMetrics.FILES_SKIPPED_AS_LATE);
        }
    }
}

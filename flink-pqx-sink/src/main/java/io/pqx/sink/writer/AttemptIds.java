package io.pqx.sink.writer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The {@code {uuid}} of a sink writer attempt's file names, derived rather than random: from the
 * sink (a token drawn when it is built), the job, the subtask, the writer ids of the state it was
 * restored from (its lineage) and the attempt number. A later attempt of the same lineage can so
 * compute the ids of the attempts before it that left no state behind (they failed before their
 * first checkpoint), and clean up their in-progress files; another sink or job never derives the
 * same ids. Uniqueness of committed names does not rest on this alone: a writer also skips any name
 * whose file already exists. Stateless.
 */
final class AttemptIds {
    private AttemptIds() {}

    /**
     * The lineage of a writer attempt: everything of its id but the attempt number.
     *
     * @param restoredCheckpointId the checkpoint the job was restored from, if any: it tells a
     *     subtask that a restore gave no state (a rescale to more subtasks) from that subtask's
     *     fresh start. Without it both would share ids, and the restored one's clean-up of earlier
     *     attempts would take the fresh start's files for its own: files that another subtask's
     *     restored state keeps open under those names.
     */
    static String lineage(
            String sinkToken,
            String jobId,
            int subtask,
            Collection<String> restoredWriterIds,
            OptionalLong restoredCheckpointId) {
        String lineage =
                sinkToken
                        + '|'
                        + jobId
                        + '|'
                        + subtask
                        + '|'
                        + String.join(",", new TreeSet<>(restoredWriterIds));
        // Only where the restored ids are empty, so every other writer keeps its earlier ids.
        return restoredWriterIds.isEmpty() && restoredCheckpointId.isPresent()
                ? lineage + "|restored-" + restoredCheckpointId.getAsLong()
                : lineage;
    }

    /** The id of attempt {@code attempt} of {@code lineage}. */
    static String writerId(String lineage, int attempt) {
        return UUID.nameUUIDFromBytes((lineage + '#' + attempt).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** The ids attempts {@code 0..attempt} of {@code lineage} had or have. */
    static List<String> upTo(String lineage, int attempt) {
        List<String> ids = new ArrayList<>(attempt + 1);
        for (int a = 0; a <= attempt; a++) {
            ids.add(writerId(lineage, a));
        }
        return ids;
    }
}

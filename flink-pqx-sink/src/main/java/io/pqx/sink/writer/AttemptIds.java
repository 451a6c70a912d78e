package io.pqx.sink.writer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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

    /** The lineage of a writer attempt: everything of its id but the attempt number. */
    static String lineage(
            String sinkToken, String jobId, int subtask, Collection<String> restoredWriterIds) {
        return sinkToken
                + '|'
                + jobId
                + '|'
                + subtask
                + '|'
                + String.join(",", new TreeSet<>(restoredWriterIds));
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

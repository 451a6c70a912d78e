package io.pqx.source.enumerator;

import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * What the enumerator checkpoints: the splits planned but not yet assigned, what discovery has
 * seen, and the runtime filters received. Immutable.
 *
 * <p><b>Bounded size.</b> Only files whose modification time is at least {@code watermark -
 * horizon} are kept in {@link #seenFiles()}, where the watermark is the newest modification time of
 * any file planned so far; older files are known to be planned by that rule alone. So the state
 * grows with the files written within one horizon, not with all files ever seen. A file whose
 * splits were all handed out is in no other part of the state: a bounded source's state shrinks as
 * its files are read.
 *
 * @param watermark the newest modification time of a planned file, epoch milliseconds ({@link
 *     Long#MIN_VALUE} before the first)
 * @param seenFiles the planned files within the horizon below the watermark
 * @param pendingSplits planned splits not yet assigned to a reader, in assignment order
 * @param initialDiscoveryDone true once the first listing has been planned (a bounded source then
 *     lists no more)
 * @param runtimeFilters the runtime filters received, the latest per slot, in order of arrival
 *     (re-sent to readers that register after a restore)
 * @param seenThreshold the modification time below which a file not in {@code seenFiles} is not
 *     planned ({@code watermark - horizon} when checkpointed; kept so that a restore with a longer
 *     horizon does not plan forgotten files again), or {@link Long#MIN_VALUE} when not known (a
 *     state of an earlier version)
 * @param unplannedFiles listed files not planned yet, in planning order: their splits are neither
 *     pending nor with a reader (empty in a state of an earlier version, which planned a whole
 *     listing at once)
 */
@PublicEvolving
public record PqxEnumeratorState(
        long watermark,
        List<SeenFile> seenFiles,
        List<RowGroupSplit> pendingSplits,
        boolean initialDiscoveryDone,
        List<RuntimeFilterEvent> runtimeFilters,
        long seenThreshold,
        List<UnplannedFile> unplannedFiles) {

    public PqxEnumeratorState {
        seenFiles = List.copyOf(seenFiles);
        pendingSplits = List.copyOf(pendingSplits);
        runtimeFilters = List.copyOf(runtimeFilters);
        unplannedFiles = List.copyOf(unplannedFiles);
    }

    /** A state with no unplanned file (as every state of an earlier version). */
    public PqxEnumeratorState(
            long watermark,
            List<SeenFile> seenFiles,
            List<RowGroupSplit> pendingSplits,
            boolean initialDiscoveryDone,
            List<RuntimeFilterEvent> runtimeFilters,
            long seenThreshold) {
        this(
                watermark,
                seenFiles,
                pendingSplits,
                initialDiscoveryDone,
                runtimeFilters,
                seenThreshold,
                List.of());
    }

    /** A state whose seen threshold is not known ({@code watermark - horizon} on restore). */
    public PqxEnumeratorState(
            long watermark,
            List<SeenFile> seenFiles,
            List<RowGroupSplit> pendingSplits,
            boolean initialDiscoveryDone,
            List<RuntimeFilterEvent> runtimeFilters) {
        this(
                watermark,
                seenFiles,
                pendingSplits,
                initialDiscoveryDone,
                runtimeFilters,
                Long.MIN_VALUE);
    }

    /** A state with no runtime filter. */
    public PqxEnumeratorState(
            long watermark,
            List<SeenFile> seenFiles,
            List<RowGroupSplit> pendingSplits,
            boolean initialDiscoveryDone) {
        this(watermark, seenFiles, pendingSplits, initialDiscoveryDone, List.of());
    }

    /** The state of an enumerator that has seen nothing. */
    public static PqxEnumeratorState empty() {
        return new PqxEnumeratorState(
                Long.MIN_VALUE, List.of(), List.of(), false, List.of(), Long.MIN_VALUE, List.of());
    }

    /** The versioned serializer of enumerator states. */
    public static SimpleVersionedSerializer<PqxEnumeratorState> serializer() {
        return PqxEnumeratorStateSerializer.INSTANCE;
    }
}

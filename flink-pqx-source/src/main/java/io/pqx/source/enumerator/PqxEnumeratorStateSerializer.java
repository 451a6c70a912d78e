package io.pqx.source.enumerator;

import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.runtimefilter.RuntimeFilterEventSerializer;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.RowGroupSplitSerializer;
import io.pqx.source.split.SerialForm;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Version 5 (written): version 4's form, its pending splits in the split serializer's version 4
 * (which adds each split's event times; still without footer tails).
 *
 * <p>Version 4 (still read; compact, see {@link CompactForm}): watermark, initial-discovery flag,
 * seen threshold (longs and a boolean); the seen files as a variable-length count and, in the
 * state's order (sorted by path), each path front-coded against the one before and its modification
 * time as a signed variable-length distance below the watermark; the pending splits as in version
 * 3; the runtime filters as in version 3; the unplanned files as a variable-length count and, in
 * planning order, each path front-coded, its length, its modification time as a signed distance
 * from the file before, and its partitions (a variable-length 0 for those of the file before, else
 * 1 + their count, then key and value strings).
 *
 * <p>Version 3 (still read, with no unplanned file): version 2's fields, then the seen threshold (a
 * long). Version 2 (still read, with the seen threshold unknown): version 1's fields, then the
 * runtime filters: the runtime filter event serializer's version, a count and each event in that
 * serializer's form. Version 1 (still read, as a state with no runtime filter): watermark,
 * initial-discovery flag, seen-file count and (path, modification time) pairs, pending-split count
 * and each split in the split serializer's form (its version, 2 since predicates, written once
 * before the splits; states holding version-1 splits are still read). The splits stay in version
 * 2's form since the split serializer moved to version 3: a state never holds a footer tail.
 */
final class PqxEnumeratorStateSerializer implements SimpleVersionedSerializer<PqxEnumeratorState> {
    static final PqxEnumeratorStateSerializer INSTANCE = new PqxEnumeratorStateSerializer();
    static final int VERSION = 5;
    static final int VERSION_4 = 4;
    static final int VERSION_3 = 3;
    static final int VERSION_2 = 2;
    static final int VERSION_1 = 1;

    private PqxEnumeratorStateSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PqxEnumeratorState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(state.watermark());
        out.writeBoolean(state.initialDiscoveryDone());
        out.writeLong(state.seenThreshold());
        writeSeenFiles(out, state.watermark(), state.seenFiles());
        // pending splits without footer tails (tails are never checkpointed)
        out.writeInt(RowGroupSplitSerializer.VERSION);
        out.writeInt(state.pendingSplits().size());
        for (RowGroupSplit split : state.pendingSplits()) {
            RowGroupSplitSerializer.write(split, out);
        }
        out.writeInt(RuntimeFilterEventSerializer.INSTANCE.getVersion());
        out.writeInt(state.runtimeFilters().size());
        for (RuntimeFilterEvent filter : state.runtimeFilters()) {
            RuntimeFilterEventSerializer.write(filter, out);
        }
        writeUnplannedFiles(out, state.unplannedFiles());
        out.flush();
        return bytes.toByteArray();
    }

    private static void writeSeenFiles(DataOutputStream out, long watermark, List<SeenFile> files)
            throws IOException {
        // in the state's order (the enumerator's snapshot sorts by path, so neighbours share the
        // longest prefixes), so that a state reads back equal
        CompactForm.writeVarLong(out, files.size());
        CompactForm.FrontCodedWriter paths = new CompactForm.FrontCodedWriter();
        for (SeenFile f : files) {
            paths.write(out, f.path());
            CompactForm.writeSignedVarLong(out, watermark - f.modificationTime());
        }
    }

    private static List<SeenFile> readSeenFiles(DataInputStream in, long watermark)
            throws IOException {
        int count = CompactForm.readLength(in, "the seen files of an enumerator state");
        List<SeenFile> files = new ArrayList<>(count);
        CompactForm.FrontCodedReader paths = new CompactForm.FrontCodedReader();
        for (int i = 0; i < count; i++) {
            String path = paths.read(in, "a seen file's path");
            long distance = CompactForm.readSignedVarLong(in, "a seen file's modification time");
            files.add(new SeenFile(path, watermark - distance));
        }
        return files;
    }

    private static void writeUnplannedFiles(DataOutputStream out, List<UnplannedFile> files)
            throws IOException {
        CompactForm.writeVarLong(out, files.size());
        CompactForm.FrontCodedWriter paths = new CompactForm.FrontCodedWriter();
        long previousTime = 0;
        Map<String, String> previousPartitions = Map.of();
        for (UnplannedFile f : files) {
            paths.write(out, f.path());
            CompactForm.writeVarLong(out, f.length());
            CompactForm.writeSignedVarLong(out, f.modificationTime() - previousTime);
            previousTime = f.modificationTime();
            if (f.partitions().equals(previousPartitions)
                    && List.copyOf(f.partitions().keySet())
                            .equals(List.copyOf(previousPartitions.keySet()))) {
                CompactForm.writeVarLong(out, 0);
            } else {
                CompactForm.writeVarLong(out, 1L + f.partitions().size());
                for (Map.Entry<String, String> e : f.partitions().entrySet()) {
                    CompactForm.writeString(out, e.getKey());
                    CompactForm.writeString(out, e.getValue());
                }
                previousPartitions = f.partitions();
            }
        }
    }

    private static List<UnplannedFile> readUnplannedFiles(DataInputStream in) throws IOException {
        int count = CompactForm.readLength(in, "the unplanned files of an enumerator state");
        List<UnplannedFile> files = new ArrayList<>(count);
        CompactForm.FrontCodedReader paths = new CompactForm.FrontCodedReader();
        long time = 0;
        Map<String, String> partitions = Map.of();
        for (int i = 0; i < count; i++) {
            String path = paths.read(in, "an unplanned file's path");
            long length = CompactForm.readVarLong(in, "the length of unplanned file " + path);
            if (length < 0) {
                throw new IOException(
                        "Cannot read unplanned file " + path + ": negative length " + length);
            }
            time += CompactForm.readSignedVarLong(in, "the modification time of " + path);
            int partitionCount = readPartitionCount(in, path);
            if (partitionCount > 0) {
                Map<String, String> read = new LinkedHashMap<>();
                for (int p = 0; p < partitionCount - 1; p++) {
                    String key = CompactForm.readString(in, "a partition key of " + path);
                    read.put(
                            key,
                            CompactForm.readString(in, "partition value " + key + " of " + path));
                }
                partitions = read;
            }
            files.add(new UnplannedFile(path, length, time, partitions));
        }
        return files;
    }

    /**
     * The partition code of an unplanned file: 0 for the partitions of the file before, else 1 +
     * their count. Checked against the bytes left as the count it stands for (each partition takes
     * a byte at least), not as itself: a file with no partitions after one with some is a 1 that
     * may be the state's last byte.
     */
    private static int readPartitionCount(DataInputStream in, String path) throws IOException {
        long code = CompactForm.readVarLong(in, "the partitions of unplanned file " + path);
        if (code < 0 || code - 1 > in.available()) {
            throw new IOException(
                    "Cannot read the partitions of unplanned file "
                            + path
                            + ": their count "
                            + (code - 1)
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        return (int) code;
    }

    @Override
    public PqxEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION
                && version != VERSION_4
                && version != VERSION_3
                && version != VERSION_2
                && version != VERSION_1) {
            throw new IOException(
                    "Cannot read a pqx enumerator state of version "
                            + version
                            + ": this pqx reads versions "
                            + VERSION_1
                            + " to "
                            + VERSION);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        long watermark = in.readLong();
        boolean done = in.readBoolean();
        long seenThreshold = Long.MIN_VALUE;
        List<SeenFile> seen;
        if (version >= VERSION_4) {
            seenThreshold = in.readLong();
            seen = readSeenFiles(in, watermark);
        } else {
            int seenCount = SerialForm.readCount(in, "the seen files of an enumerator state");
            seen = new ArrayList<>(seenCount);
            for (int i = 0; i < seenCount; i++) {
                seen.add(
                        new SeenFile(
                                SerialForm.readString(in, "a seen file's path"), in.readLong()));
            }
        }
        int splitVersion = in.readInt();
        if (splitVersion != RowGroupSplitSerializer.VERSION
                && splitVersion != RowGroupSplitSerializer.VERSION_2
                && splitVersion != RowGroupSplitSerializer.VERSION_1) {
            throw new IOException(
                    "Cannot read the pending splits of a pqx enumerator state: split"
                            + " version "
                            + splitVersion
                            + ", this pqx reads versions "
                            + RowGroupSplitSerializer.VERSION_1
                            + ", "
                            + RowGroupSplitSerializer.VERSION_2
                            + " and "
                            + RowGroupSplitSerializer.VERSION);
        }
        int splitCount = SerialForm.readCount(in, "the pending splits of an enumerator state");
        List<RowGroupSplit> splits = new ArrayList<>(splitCount);
        for (int i = 0; i < splitCount; i++) {
            splits.add(RowGroupSplitSerializer.read(in, splitVersion));
        }
        List<RuntimeFilterEvent> filters = new ArrayList<>();
        if (version >= 2) {
            int filterVersion = in.readInt();
            if (filterVersion != RuntimeFilterEventSerializer.INSTANCE.getVersion()) {
                throw new IOException(
                        "Cannot read the runtime filters of a pqx enumerator state:"
                                + " filter version "
                                + filterVersion
                                + ", this pqx reads version "
                                + RuntimeFilterEventSerializer.INSTANCE.getVersion());
            }
            int filterCount =
                    SerialForm.readCount(in, "the runtime filters of an enumerator state");
            for (int i = 0; i < filterCount; i++) {
                filters.add(RuntimeFilterEventSerializer.read(in));
            }
        }
        List<UnplannedFile> unplanned = List.of();
        if (version >= VERSION_4) {
            unplanned = readUnplannedFiles(in);
        } else if (version == VERSION_3) {
            seenThreshold = in.readLong();
        }
        SerialForm.requireEnd(in, "a pqx enumerator state");
        return new PqxEnumeratorState(
                watermark, seen, splits, done, filters, seenThreshold, unplanned);
    }
}

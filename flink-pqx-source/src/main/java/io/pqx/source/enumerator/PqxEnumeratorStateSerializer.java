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
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Version 3: version 2's fields, then the seen threshold (a long). Version 2 (still read, with the
 * seen threshold unknown): version 1's fields, then the runtime filters: the runtime filter event
 * serializer's version, a count and each event in that serializer's form. Version 1 (still read, as
 * a state with no runtime filter): watermark, initial-discovery flag, seen-file count and (path,
 * modification time) pairs, pending-split count and each split in the split serializer's form (its
 * version, 2 since predicates, written once before the splits; states holding version-1 splits are
 * still read).
 */
final class PqxEnumeratorStateSerializer implements SimpleVersionedSerializer<PqxEnumeratorState> {
    static final PqxEnumeratorStateSerializer INSTANCE = new PqxEnumeratorStateSerializer();
    static final int VERSION = 3;
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
        out.writeInt(state.seenFiles().size());
        for (SeenFile f : state.seenFiles()) {
            SerialForm.writeString(out, f.path());
            out.writeLong(f.modificationTime());
        }
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
        out.writeLong(state.seenThreshold());
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public PqxEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION && version != VERSION_2 && version != VERSION_1) {
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
        int seenCount = SerialForm.readCount(in, "the seen files of an enumerator state");
        List<SeenFile> seen = new ArrayList<>(seenCount);
        for (int i = 0; i < seenCount; i++) {
            seen.add(new SeenFile(SerialForm.readString(in, "a seen file's path"), in.readLong()));
        }
        int splitVersion = in.readInt();
        if (splitVersion != RowGroupSplitSerializer.VERSION
                && splitVersion != RowGroupSplitSerializer.VERSION_1) {
            throw new IOException(
                    "Cannot read the pending splits of a pqx enumerator state: split"
                            + " version "
                            + splitVersion
                            + ", this pqx reads versions "
                            + RowGroupSplitSerializer.VERSION_1
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
        long seenThreshold = version >= 3 ? in.readLong() : Long.MIN_VALUE;
        SerialForm.requireEnd(in, "a pqx enumerator state");
        return new PqxEnumeratorState(watermark, seen, splits, done, filters, seenThreshold);
    }
}

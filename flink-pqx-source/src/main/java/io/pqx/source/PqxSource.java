package io.pqx.source;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.DynamicSlot;
import io.pqx.format.predicate.Predicate;
import io.pqx.source.crypto.Decryptions;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.discovery.FileDiscovery;
import io.pqx.source.discovery.PartitionDirectory;
import io.pqx.source.enumerator.EnumeratorSettings;
import io.pqx.source.enumerator.PqxEnumeratorState;
import io.pqx.source.enumerator.PqxSplitEnumerator;
import io.pqx.source.reader.FlatPathConverter;
import io.pqx.source.reader.PqxSourceReader;
import io.pqx.source.reader.ReaderSettings;
import io.pqx.source.reader.RowConverter;
import io.pqx.source.reader.SchemaCheck;
import io.pqx.source.runtimefilter.RuntimeFilterSource;
import io.pqx.source.runtimefilter.RuntimeFilterTarget;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * A FLIP-27 source of the Parquet files under one or more paths (any Flink file system), as {@link
 * RowData} of the requested row type. Build it with {@link #builder()}.
 *
 * <p><b>Guarantees.</b> Bounded mode reads every visible file present at the start once and ends;
 * continuous mode also reads every file that appears later, once (within the discovery horizon,
 * {@link PqxSourceOptions#DISCOVERY_HORIZON}). Hidden ({@code .}/{@code _}) and in-progress files
 * are never read. After a restore from any checkpoint no row is emitted twice and none is lost: a
 * split's checkpointed position is the row after the last one emitted.
 *
 * <p><b>Predicate.</b> With {@link PqxSourceBuilder#predicate}, exactly the rows on which the
 * predicate is TRUE (SQL three-valued logic) are emitted; files whose partition values cannot match
 * are not opened and row groups whose footer statistics cannot match are not read.
 *
 * <p><b>Runtime filters.</b> A predicate holding dynamic slots ({@code Predicates.slot}, or {@link
 * PqxSourceBuilder#runtimeFilter}) gives the source a listening ID; {@code RuntimeFilters.publish}
 * connects an operator of the same job to a slot. Until a slot's filter arrives it keeps every row;
 * then pending splits it proves empty are dropped and the readers drop the rows it rules out.
 *
 * <p><b>Rows.</b> Emitted rows are Flink {@code ColumnarRowData} over the decoded batch, one object
 * reused row after row (no per-row copy): valid while the downstream chain processes the row, as
 * Flink's rules for reused records require. Give the stream {@link #getProducedType()}. Built with
 * {@link PqxSourceBuilder#build(Class)}, the source emits a new POJO per row instead.
 *
 * @param <T> what is emitted: {@code RowData}, or a POJO class
 */
@PublicEvolving
public final class PqxSource<T>
        implements Source<T, RowGroupSplit, PqxEnumeratorState>,
                ResultTypeQueryable<T>,
                RuntimeFilterSource {
    private static final long serialVersionUID = 1L;

    private final EnumeratorSettings enumeratorSettings;
    private final ReaderSettings readerSettings;

    /** The source coordinator's key in the coordinator store, when the predicate has slots. */
    @Nullable private final String listeningId;

    /**
     * How publishers size their bloom filters ({@link
     * PqxSourceOptions#RUNTIME_FILTER_EXPECTED_KEYS}).
     */
    private final long runtimeFilterExpectedKeys;

    private final double runtimeFilterFpp;
    private final RowConverter<T> converter;

    PqxSource(
            EnumeratorSettings enumeratorSettings,
            ReaderSettings readerSettings,
            @Nullable String listeningId,
            long runtimeFilterExpectedKeys,
            double runtimeFilterFpp,
            RowConverter<T> converter) {
        this.converter = converter;
        this.enumeratorSettings = enumeratorSettings;
        this.readerSettings = readerSettings;
        this.listeningId = listeningId;
        this.runtimeFilterExpectedKeys = runtimeFilterExpectedKeys;
        this.runtimeFilterFpp = runtimeFilterFpp;
    }

    /**
     * The ID under which this source's coordinator listens for runtime filters ({@code
     * SourceTransformation#setCoordinatorListeningID}); present when the predicate has a dynamic
     * slot. {@code RuntimeFilters.publish} sets it on the source's transformation.
     */
    public Optional<String> runtimeFilterListeningId() {
        return Optional.ofNullable(listeningId);
    }

    /** The names of the predicate's dynamic slots, in the predicate's order. */
    public List<String> runtimeFilterSlots() {
        List<String> names = new ArrayList<>();
        Predicate predicate = enumeratorSettings.filtering().predicate();
        if (predicate != null) {
            collectSlots(predicate, names);
        }
        return names;
    }

    private static void collectSlots(Predicate p, List<String> out) {
        if (p instanceof DynamicSlot slot && !out.contains(slot.name())) {
            out.add(slot.name());
        }
        for (Predicate child : p.children()) {
            collectSlots(child, out);
        }
    }

    /**
     * Where a filter for the dynamic slot {@code slot} goes: this source's listening ID, the slot's
     * column and its type, and the bloom filter size of this source's options.
     *
     * @throws IllegalArgumentException when the predicate has no slot of that name
     */
    @Override
    public RuntimeFilterTarget runtimeFilterTarget(String slot) {
        DynamicSlot found =
                enumeratorSettings.filtering().predicate() == null
                        ? null
                        : findSlot(enumeratorSettings.filtering().predicate(), slot);
        if (found == null || listeningId == null) {
            throw new IllegalArgumentException(
                    "Cannot publish a runtime filter for slot "
                            + slot
                            + ": the source's predicate "
                            + enumeratorSettings.filtering().predicate()
                            + " has no dynamic slot of that name (its slots: "
                            + runtimeFilterSlots()
                            + ")");
        }
        return new RuntimeFilterTarget(
                listeningId,
                slot,
                found.column(),
                ColumnResolver.of(enumeratorSettings.filtering().rowType())
                        .resolve(found.column())
                        .type(),
                runtimeFilterExpectedKeys,
                runtimeFilterFpp);
    }

    @Nullable
    private static DynamicSlot findSlot(Predicate p, String name) {
        if (p instanceof DynamicSlot slot && slot.name().equals(name)) {
            return slot;
        }
        for (Predicate child : p.children()) {
            DynamicSlot found = findSlot(child, name);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    public static PqxSourceBuilder builder() {
        return new PqxSourceBuilder();
    }

    /**
     * The type of the emitted rows: the requested fields, projected, in projection order (with a
     * flat projection, one field per path).
     */
    public RowType producedRowType() {
        return converter instanceof FlatPathConverter flat
                ? flat.flatType()
                : readerSettings.rows().producedType();
    }

    /**
     * The files this source would read if it started now, in listing order: visible files under its
     * paths, of its partitions when they were restricted ({@link PqxSourceBuilder#partitions}).
     * Lists the paths; reads no file.
     */
    public List<ListedFile> listFiles() throws IOException {
        List<Path> roots = new ArrayList<>();
        for (String p : enumeratorSettings.paths()) {
            roots.add(new Path(p));
        }
        List<ListedFile> files = new ArrayList<>();
        for (DiscoveredFile f :
                new FileDiscovery(roots, enumeratorSettings.files().defaultPartitionName())
                        .list()) {
            Map<String, String> spec =
                    PartitionDirectory.spec(
                            f.partitions(), enumeratorSettings.files().partitionKeys());
            if (enumeratorSettings.files().partitions() == null
                    || enumeratorSettings.files().partitions().contains(spec)) {
                files.add(new ListedFile(f.path(), f.length(), f.modificationTime(), spec));
            }
        }
        return files;
    }

    /**
     * Checks that the data columns of the requested row type (every column, projected or not,
     * partition columns aside) can be read from {@code file}: each found by name and readable as
     * its type (as stored or widened), or absent and nullable. Reads the footer only.
     *
     * @throws io.pqx.format.error.UnsupportedFileException naming the file and the column
     */
    public void checkReadable(ListedFile file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(FlinkInputFile.open(new Path(file.path())), readOptions())) {
            checkReadable(reader, file);
        }
    }

    /**
     * As {@link #checkReadable(ListedFile)}, with {@code file} open already in {@code reader}.
     *
     * @throws io.pqx.format.error.UnsupportedFileException naming the file and the column
     */
    public void checkReadable(ParquetReader reader, ListedFile file) throws IOException {
        List<RowType.RowField> data = new ArrayList<>();
        for (RowType.RowField field : enumeratorSettings.filtering().rowType().getFields()) {
            if (!enumeratorSettings.files().partitionKeys().contains(field.getName())) {
                data.add(field);
            }
        }
        SchemaCheck.check(reader, new RowType(data), file.path());
    }

    /**
     * The options this source's footer reads use: the defaults, with the keys its decryption makes
     * (made anew by each call, where it is called) for files written with Parquet modular
     * encryption. For a caller reading the source's files itself (a SQL planner's footer checks, a
     * lookup join).
     *
     * @throws java.io.UncheckedIOException when a key cannot be read
     */
    public ReadOptions readOptions() {
        return Decryptions.with(ReadOptions.builder(), enumeratorSettings.decryption()).build();
    }

    /** {@code RowData} of {@link #producedRowType()}, or the POJO class built for. */
    @Override
    public TypeInformation<T> getProducedType() {
        return converter.producedType();
    }

    @Override
    public Boundedness getBoundedness() {
        return enumeratorSettings.continuous()
                ? Boundedness.CONTINUOUS_UNBOUNDED
                : Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<RowGroupSplit, PqxEnumeratorState> createEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context) {
        return new PqxSplitEnumerator(context, enumeratorSettings, null);
    }

    @Override
    public SplitEnumerator<RowGroupSplit, PqxEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context, PqxEnumeratorState checkpoint) {
        return new PqxSplitEnumerator(context, enumeratorSettings, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<RowGroupSplit> getSplitSerializer() {
        return RowGroupSplit.serializer();
    }

    @Override
    public SimpleVersionedSerializer<PqxEnumeratorState> getEnumeratorCheckpointSerializer() {
        return PqxEnumeratorState.serializer();
    }

    @Override
    public SourceReader<T, RowGroupSplit> createReader(SourceReaderContext context) {
        return new PqxSourceReader<>(context, readerSettings, converter);
    }
}

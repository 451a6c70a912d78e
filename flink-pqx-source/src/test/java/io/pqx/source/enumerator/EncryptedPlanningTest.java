package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.crypto.ExplicitDecryption;
import io.pqx.source.split.RowGroupSplit;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.connector.source.DynamicFilteringData;
import org.apache.flink.table.connector.source.DynamicFilteringEvent;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enumerator plans an encrypted file (parquet-testing's, footer and two columns encrypted) with
 * the source's keys: it prunes by the statistics of an encrypted column, which only the column's
 * key decrypts, and ships the file's tail with its split on a distributed file system. Neither the
 * splits nor the checkpoint carry a key, nor do the settings' descriptions.
 */
class EncryptedPlanningTest {
    private static final String DISTRIBUTED = "rangerecord://";
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new DoubleType(false),
                        new FloatType(false),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"double_field", "float_field", "int32_field", "name"});

    @TempDir Path dir;

    private EnumeratorSettings settings(Predicate predicate) {
        return settings(predicate, TestingEncryptedFiles.explicitKeys().build());
    }

    private EnumeratorSettings settings(Predicate predicate, FileDecryptionProperties keys) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(DISTRIBUTED + dir.toAbsolutePath())),
                EnumeratorSettings.Discovery.bounded(),
                new EnumeratorSettings.Planning(1, 2, 16),
                new EnumeratorSettings.Filtering(
                        TYPE, predicate, StatisticsPruner.DEFAULT_IN_LIST_CAP, List.of(), 0.01),
                ExplicitDecryption.of(keys));
    }

    private List<RowGroupSplit> plan(EnumeratorSettings settings, List<byte[]> checkpoints)
            throws Exception {
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            checkpoints.add(PqxEnumeratorState.serializer().serialize(e.snapshotState(1)));
            int before;
            do {
                before = ctx.allAssigned().size();
                e.handleSplitRequest(0, null);
            } while (ctx.allAssigned().size() > before);
            checkpoints.add(PqxEnumeratorState.serializer().serialize(e.snapshotState(2)));
        }
        return ctx.allAssigned();
    }

    @Test
    void prunesByDecryptedStatisticsAndNoSplitOrCheckpointHoldsAKey() throws Exception {
        Files.copy(TestingParquetFiles.data(TestingEncryptedFiles.BLOOM), dir.resolve("a.parquet"));
        List<byte[]> checkpoints = new ArrayList<>();

        Predicate belowMin = Predicates.lessThan("double_field", 0.25);
        assertThat(plan(settings(belowMin), checkpoints)).as("min(double_field) is 0.5").isEmpty();
        // without the column's key its statistics are not known: kept, as it must be
        FileDecryptionProperties footerKeyOnly =
                FileDecryptionProperties.builder()
                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                        .build();
        assertThat(plan(settings(belowMin, footerKeyOnly), checkpoints)).hasSize(1);

        List<RowGroupSplit> kept =
                plan(settings(Predicates.lessThan("double_field", 5.0)), checkpoints);
        assertThat(kept).hasSize(1);
        assertThat(kept.get(0).footerTail())
                .as("the tail travels, encrypted as in the file")
                .isPresent();

        for (RowGroupSplit split : kept) {
            assertNoKeyIn(RowGroupSplit.serializer().serialize(split));
        }
        for (byte[] checkpoint : checkpoints) {
            assertNoKeyIn(checkpoint);
        }
        EnumeratorSettings settings = settings(null);
        assertThat(settings.toString()).contains("footerKey=set").contains("double_field");
        assertNoKeyIn(settings.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A runtime filter (here made from dynamic filtering data) on a column with a key of its own
     * prunes the pending row groups by that column's decrypted statistics with the key; without it
     * nothing proves a row group holds no key, and every row group stays.
     */
    @Test
    void aRuntimeFilterPrunesByAnEncryptedColumnOnlyWithItsKey() throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {new BigIntType(), new BigIntType()},
                        new String[] {"k", "v"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(
                                WriteOptions.builder()
                                        .rowGroupRows(100)
                                        .encryption(
                                                FileEncryptionProperties.builder()
                                                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                                                        .columnKey(
                                                                "k",
                                                                TestingEncryptedFiles.DOUBLE_KEY)
                                                        .build())
                                        .build())
                        .create(
                                new org.apache.flink.core.fs.Path(
                                        dir.resolve("k.parquet").toUri()))) {
            for (long k = 0; k < 400; k++) {
                w.write(GenericRowData.of(k, 3 * k));
            }
        }
        FileDecryptionProperties withK =
                FileDecryptionProperties.builder()
                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                        .columnKey("k", TestingEncryptedFiles.DOUBLE_KEY)
                        .build();
        FileDecryptionProperties footerKeyOnly =
                FileDecryptionProperties.builder()
                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                        .build();
        assertThat(firstRowGroupsAfterFilteringK(type, withK, 150L, 160L)).containsExactly(1);
        assertThat(firstRowGroupsAfterFilteringK(type, footerKeyOnly, 150L, 160L))
                .containsExactly(0, 1, 2, 3);
    }

    /** The first row groups of the splits handed out after dynamic filtering data on k. */
    private List<Integer> firstRowGroupsAfterFilteringK(
            RowType type, FileDecryptionProperties keys, long... ks) throws Exception {
        EnumeratorSettings settings =
                new EnumeratorSettings(
                        EnumeratorSettings.Files.of(List.of(dir.toUri().toString())),
                        EnumeratorSettings.Discovery.bounded(),
                        new EnumeratorSettings.Planning(1, 2, 16),
                        new EnumeratorSettings.Filtering(
                                type,
                                Predicates.slot(DynamicFilteringSlots.slotName("k"), "k"),
                                StatisticsPruner.DEFAULT_IN_LIST_CAP,
                                List.of("k"),
                                0.01),
                        ExplicitDecryption.of(keys));
        RowType dim = RowType.of(new LogicalType[] {new BigIntType()}, new String[] {"id"});
        InternalTypeInfo<RowData> info = InternalTypeInfo.of(dim);
        TypeSerializer<RowData> serializer = info.createSerializer(new SerializerConfigImpl());
        List<byte[]> rows = new ArrayList<>();
        for (long k : ks) {
            DataOutputSerializer out = new DataOutputSerializer(16);
            serializer.serialize(GenericRowData.of(k), out);
            rows.add(out.getCopyOfBuffer());
        }
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            e.handleSourceEvent(
                    0, new DynamicFilteringEvent(new DynamicFilteringData(info, dim, rows, true)));
            ctx.runAsync();
            for (int round = 0; round < 10; round++) {
                e.handleSplitRequest(0, null);
            }
        }
        return ctx.allAssigned().stream().map(RowGroupSplit::firstRowGroup).sorted().toList();
    }

    /** The settings hold the keys (they are the job's), so Java serialization shows them: */
    @Test
    void theSettingsCarryExplicitKeysIntoTheJobOnly() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(settings(null));
        }
        assertThat(contains(bytes.toByteArray(), TestingEncryptedFiles.FOOTER_KEY)).isTrue();
    }

    private static void assertNoKeyIn(byte[] bytes) {
        for (byte[] key :
                List.of(
                        TestingEncryptedFiles.FOOTER_KEY,
                        TestingEncryptedFiles.DOUBLE_KEY,
                        TestingEncryptedFiles.FLOAT_KEY)) {
            for (byte[] form :
                    List.of(
                            key,
                            HexFormat.of().formatHex(key).getBytes(StandardCharsets.US_ASCII),
                            Base64.getEncoder().encode(key))) {
                assertThat(contains(bytes, form)).isFalse();
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}

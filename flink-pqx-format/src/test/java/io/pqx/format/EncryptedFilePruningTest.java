package io.pqx.format;

import static io.pqx.format.TestingEncryptedFiles.BLOOM;
import static io.pqx.format.TestingEncryptedFiles.FLOAT_KEY;
import static io.pqx.format.TestingEncryptedFiles.FOOTER_KEY;
import static io.pqx.format.TestingEncryptedFiles.options;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pruning of encrypted columns: with their keys, statistics, page indexes and bloom filters prune
 * as in a plaintext file; without a column's key, there is no evidence for it and nothing of it is
 * pruned (the data is kept).
 */
class EncryptedFilePruningTest {

    /** Keys for the footer and {@code float_field}, none for {@code double_field}. */
    private static final FileDecryptionProperties NO_DOUBLE_KEY =
            FileDecryptionProperties.builder()
                    .footerKey(FOOTER_KEY)
                    .columnKey("float_field", FLOAT_KEY)
                    .build();

    private static ParquetReader open(String name, ReadOptions options) throws Exception {
        return ParquetReader.open(
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(TestingParquetFiles.data(name).toUri())),
                options);
    }

    private static int leaf(ParquetReader reader, String path) {
        return reader.schema().leaves().stream()
                .filter(l -> String.join(".", l.path()).equals(path))
                .mapToInt(LeafColumnView::leafIndex)
                .findFirst()
                .orElseThrow();
    }

    private static RowGroupAccess statistics(ParquetReader reader, double below) {
        RowGroupView group = reader.metadata().rowGroups().get(0);
        return StatisticsPruner.create(
                        Predicates.lessThan("double_field", below), reader.schema().fields())
                .prune(
                        group,
                        RowGroupAccess.scan(group.numRows()),
                        SlotValues.none(),
                        PruningListener.NONE);
    }

    @Test
    void statisticsOfAnEncryptedColumnPruneWithItsKeyAndNotWithout() throws Exception {
        // double_field holds 0.5 to 1999.5 (below, as NaN sorts above every number)
        try (ParquetReader reader =
                open(BLOOM, options(TestingEncryptedFiles.explicitKeys().build()))) {
            assertThat(statistics(reader, 0.25)).isEqualTo(RowGroupAccess.skip(2000));
            assertThat(statistics(reader, 10.0)).isEqualTo(RowGroupAccess.scan(2000));
        }
        try (ParquetReader reader = open(BLOOM, options(NO_DOUBLE_KEY))) {
            assertThat(statistics(reader, 0.25)).isEqualTo(RowGroupAccess.scan(2000));
        }
    }

    /**
     * The file's filters are on its floating-point columns, which the bloom filter pruner does not
     * probe (-0.0 and NaN hash apart from their equals): the decrypted filter itself is checked.
     */
    @Test
    void bloomFiltersOfAnEncryptedColumnAreReadWithItsKeyAndAbsentWithout() throws Exception {
        try (ParquetReader reader =
                open(BLOOM, options(TestingEncryptedFiles.explicitKeys().build()))) {
            BloomFilterView filter =
                    reader.bloomFilterSource()
                            .bloomFilter(0, leaf(reader, "double_field"))
                            .orElseThrow();
            for (int i = 0; i < 2000; i++) {
                assertThat(filter.mightContain(i + 0.5)).isTrue();
            }
            int absent = 0;
            for (int i = 0; i < 2000; i++) {
                absent += filter.mightContain(i + 0.75) ? 0 : 1;
            }
            assertThat(absent).isGreaterThan(1900);
        }
        try (ParquetReader reader = open(BLOOM, options(NO_DOUBLE_KEY))) {
            assertThat(reader.bloomFilterSource().bloomFilter(0, leaf(reader, "double_field")))
                    .isEmpty();
            assertThat(reader.bloomFilterSource().bloomFilter(0, leaf(reader, "float_field")))
                    .isPresent();
            // and the pruner keeps the row group
            RowGroupView group = reader.metadata().rowGroups().get(0);
            assertThat(
                            BloomFilterPruner.create(
                                            Predicates.equal("double_field", 0.75),
                                            reader.schema().fields(),
                                            reader.bloomFilterSource())
                                    .prune(
                                            group,
                                            RowGroupAccess.scan(2000),
                                            SlotValues.none(),
                                            PruningListener.NONE))
                    .isEqualTo(RowGroupAccess.scan(2000));
        }
    }

    @Test
    void pageIndexesOfAnEncryptedColumnPruneWithItsKeyAndNotWithout() throws Exception {
        try (ParquetReader reader =
                open(BLOOM, options(TestingEncryptedFiles.explicitKeys().build()))) {
            int leaf = leaf(reader, "double_field");
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, List.of(leaf));
            assertThat(indexes.leaf(leaf).orElseThrow().failures()).isEmpty();
            assertThat(indexes.columnIndex(leaf)).isPresent();
            assertThat(indexes.offsetIndex(leaf)).isPresent();
            RowGroupAccess access = pages(reader, leaf);
            // the rows below 10 lie in the first page: the others are not read
            assertThat(access.kind()).isEqualTo(RowGroupAccess.Kind.SELECT);
            assertThat(access.selection().start(0)).isEqualTo(0);
            assertThat(access.selection().rowCount()).isLessThan(2000);
        }
        try (ParquetReader reader = open(BLOOM, options(NO_DOUBLE_KEY))) {
            int leaf = leaf(reader, "double_field");
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, List.of(leaf));
            assertThat(indexes.columnIndex(leaf)).isEmpty();
            assertThat(indexes.offsetIndex(leaf)).isEmpty();
            assertThat(indexes.leaf(leaf).orElseThrow().failures()).isEmpty();
            assertThat(pages(reader, leaf)).isEqualTo(RowGroupAccess.scan(2000));
        }
    }

    /** The page-index pruner's access for {@code double_field < 10}. */
    private static RowGroupAccess pages(ParquetReader reader, int leaf) throws Exception {
        RowGroupView group = reader.metadata().rowGroups().get(0);
        return PageIndexPruner.create(
                        Predicates.lessThan("double_field", 10.0),
                        reader.schema().fields(),
                        reader.pageIndexSource(List.of(leaf)))
                .prune(
                        group,
                        RowGroupAccess.scan(group.numRows()),
                        SlotValues.none(),
                        PruningListener.NONE);
    }
}

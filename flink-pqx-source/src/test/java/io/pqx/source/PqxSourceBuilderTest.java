package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.predicate.Predicates;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class PqxSourceBuilderTest {
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new IntType(), new ArrayType(new IntType())
                    },
                    new String[] {"id", "day", "tags"});

    @Test
    void optionsFromStringsAreParsedAndAnUnknownKeyNamesTheClosestOne() {
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path("file:///d")
                        .rowType(TYPE)
                        .setAll(
                                Map.of(
                                        "source.monitor-interval",
                                        "5 s",
                                        "source.discovery.late-files",
                                        "FAIL"))
                        .build();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .setAll(Map.of("source.discovery.horizn", "1 h"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot build a pqx source: option source.discovery.horizn is unknown"
                                + " (did you mean source.discovery.horizon?)");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .setAll(Map.of("source.batch-size", "lots"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "Cannot build a pqx source: option source.batch-size has a"
                                + " value that does not parse");
    }

    @Test
    void boundedUnlessAMonitorIntervalIsSetAndTheProjectionOrdersTheFields() throws Exception {
        PqxSource<RowData> bounded = PqxSource.builder().path("file:///d").rowType(TYPE).build();
        assertThat(bounded.getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(bounded.producedRowType()).isEqualTo(TYPE);
        PqxSource<RowData> continuous =
                PqxSource.builder()
                        .path("file:///d", "file:///e")
                        .rowType(TYPE)
                        .partitionKeys("day")
                        .project("day", "id")
                        .monitorInterval(Duration.ofSeconds(5))
                        .build();
        assertThat(continuous.getBoundedness()).isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(continuous.producedRowType().getFieldNames()).containsExactly("day", "id");
        PqxSource<RowData> copy = InstantiationUtil.clone(continuous);
        assertThat(copy.producedRowType()).isEqualTo(continuous.producedRowType());
    }

    @Test
    void aPredicateIsCheckedAgainstTheRowTypeAndTravelsWithTheSource() throws Exception {
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path("file:///d")
                        .rowType(TYPE)
                        .partitionKeys("day")
                        .project("id")
                        .predicate(
                                Predicates.and(
                                        Predicates.equal("day", 3),
                                        Predicates.greaterThan("id", 5L)))
                        .build();
        assertThat(source.producedRowType().getFieldNames())
                .as("filter-only columns are not emitted")
                .containsExactly("id");
        assertThat(InstantiationUtil.clone(source).producedRowType())
                .isEqualTo(source.producedRowType());
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .predicate(Predicates.equal("nope", 1))
                                        .build())
                .hasMessageContaining("Cannot build a pqx source: predicate nope = 1")
                .hasMessageContaining("nope");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .predicate(Predicates.equal("day", "x"))
                                        .build())
                .hasMessageContaining("day");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .set(PqxSourceOptions.FILTER_IN_LIST_CAP, -1)
                                        .build())
                .hasMessageContaining("source.filter.in-list-cap is negative");
    }

    @Test
    void refusesWhatCannotWork() {
        assertThatThrownBy(() -> PqxSource.builder().rowType(TYPE).build())
                .hasMessageContaining("no path");
        assertThatThrownBy(() -> PqxSource.builder().path("data/x").rowType(TYPE).build())
                .hasMessageContaining("path data/x is relative");
        assertThatThrownBy(() -> PqxSource.builder().path("file:///d").build())
                .hasMessageContaining("no row type");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .partitionKeys("nope")
                                        .build())
                .hasMessageContaining("partition key nope is not a field");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .partitionKeys("tags")
                                        .build())
                .hasMessageContaining("partition key tags has type ARRAY<INT>");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .project("id", "id")
                                        .build())
                .hasMessageContaining("projected field id is named twice");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .project("x")
                                        .build())
                .hasMessageContaining("projected field x is not a field");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .monitorInterval(Duration.ZERO)
                                        .build())
                .hasMessageContaining("source.monitor-interval must be positive");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.ZERO)
                                        .build())
                .hasMessageContaining("source.split.target-size must be positive");
    }

    @Test
    void aRuntimeFilterSlotGivesAListeningIdAndATargetWithTheKeyTypeAndBloomSize()
            throws Exception {
        PqxSource<RowData> plain = PqxSource.builder().path("file:///d").rowType(TYPE).build();
        assertThat(plain.runtimeFilterListeningId()).isEmpty();
        assertThat(plain.runtimeFilterSlots()).isEmpty();
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path("file:///d")
                        .rowType(TYPE)
                        .partitionKeys("day")
                        .predicate(Predicates.greaterThan("id", 3L))
                        .runtimeFilter("ids", "id")
                        .runtimeFilter("days", "day")
                        .set(PqxSourceOptions.RUNTIME_FILTER_EXPECTED_KEYS, 500L)
                        .build();
        assertThat(source.runtimeFilterListeningId()).isPresent();
        assertThat(source.runtimeFilterSlots()).containsExactly("ids", "days");
        var target = source.runtimeFilterTarget("days");
        assertThat(target.listeningId()).isEqualTo(source.runtimeFilterListeningId().get());
        assertThat(target.keyType()).isEqualTo(new IntType());
        assertThat(target.expectedKeys()).isEqualTo(500L);
        assertThat(target.falsePositiveRate()).isEqualTo(0.01);
        assertThat(InstantiationUtil.clone(source).runtimeFilterListeningId())
                .isEqualTo(source.runtimeFilterListeningId());
        assertThatThrownBy(() -> source.runtimeFilterTarget("nope"))
                .hasMessageContaining("no dynamic slot of that name")
                .hasMessageContaining("[ids, days]");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .runtimeFilter("ids", "id")
                                        .set(PqxSourceOptions.RUNTIME_FILTER_FPP, 1.0)
                                        .build())
                .hasMessageContaining("source.runtime-filter.false-positive-rate");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .runtimeFilter("t", "tags")
                                        .build())
                .hasMessageContaining("predicate");
    }

    @Test
    void dynamicFilteringFieldsGetSlotsAndAreChecked() throws Exception {
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path("file:///d")
                        .rowType(TYPE)
                        .partitionKeys("day")
                        .dynamicFiltering(List.of("day", "id"))
                        .build();
        assertThat(source.runtimeFilterSlots())
                .containsExactly("pqx-dynamic-filtering:day", "pqx-dynamic-filtering:id");
        assertThat(source.runtimeFilterListeningId()).isPresent();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(PqxSourceBuilder.acceptsDynamicFiltering(new BigIntType())).isTrue();
        assertThat(PqxSourceBuilder.acceptsDynamicFiltering(new DoubleType())).isFalse();
        assertThat(PqxSourceBuilder.acceptsDynamicFiltering(new CharType(3))).isFalse();
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .dynamicFiltering(List.of("nope"))
                                        .build())
                .hasMessageContaining("dynamic filtering field nope is not a top-level field");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .dynamicFiltering(List.of("tags"))
                                        .build())
                .hasMessageContaining("dynamic filtering field tags has type ARRAY<INT>");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .dynamicFiltering(List.of("id", "id"))
                                        .build())
                .hasMessageContaining("named twice");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .monitorInterval(Duration.ofSeconds(1))
                                        .dynamicFiltering(List.of("id"))
                                        .build())
                .hasMessageContaining("bounded sources only");
    }

    @Test
    void decryptionIsGivenOneWayAndItsOptionsAreCheckedWithoutShowingAKey() throws Exception {
        String hexKey = "hex:30313233343536373839303132333435";
        PqxSource<RowData> configured =
                PqxSource.builder()
                        .path("file:///d")
                        .rowType(TYPE)
                        .setAll(
                                Map.of(
                                        PqxSourceOptions.DECRYPTION_FOOTER_KEY.key(),
                                        hexKey,
                                        PqxSourceOptions.DECRYPTION_AAD_PREFIX.key(),
                                        "tester"))
                        .build();
        assertThat(configured.readOptions().decryption().footerKey())
                .contains("0123456789012345".getBytes(StandardCharsets.US_ASCII));
        assertThat(InstantiationUtil.clone(configured).readOptions().decryption()).isNotNull();
        assertThat(PqxSource.builder().path("file:///d").rowType(TYPE).build().readOptions())
                .extracting(o -> o.decryption())
                .isNull();
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .set(PqxSourceOptions.DECRYPTION_FOOTER_KEY, hexKey)
                                        .decryption(
                                                () -> FileDecryptionProperties.builder().build())
                                        .build())
                .hasMessageContaining("give it one way");
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path("file:///d")
                                        .rowType(TYPE)
                                        .set(
                                                PqxSourceOptions.DECRYPTION_COLUMN_KEYS,
                                                "a=3031323334353637")
                                        .build())
                .hasMessageContaining("the key of column a")
                .hasMessageNotContaining("3031323334353637");
    }
}

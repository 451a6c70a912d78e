package io.pqx.source.runtimefilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.Literal;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class BloomKeyFilterTest {

    @Test
    void aKeyAddedAsThePublisherSeesItIsFoundAsAReaderHoldsIt() {
        // publisher side: domain values of the Java keys; reader side: RowData's internal forms
        assertFound(new IntType(), 42, 42);
        assertFound(new BigIntType(), 42L, 42L);
        assertFound(new VarCharType(20), "käse", StringData.fromString("käse"));
        assertFound(
                new DecimalType(10, 2),
                new BigDecimal("1.5"),
                DecimalData.fromBigDecimal(new BigDecimal("1.50"), 10, 2));
        assertFound(
                new DateType(),
                LocalDate.of(2024, 3, 9),
                (int) LocalDate.of(2024, 3, 9).toEpochDay());
        long[] bits = new long[8];
        BloomKeyFilter.add(bits, 3, -0.0);
        assertThat(BloomKeyFilter.of(3, bits).mightContain(0.0f)).as("-0.0 = 0.0").isTrue();
        BloomKeyFilter.add(bits, 3, TimestampData.fromEpochMillis(5, 6));
        assertThat(BloomKeyFilter.of(3, bits).mightContain(TimestampData.fromEpochMillis(5, 6)))
                .isTrue();
    }

    private static void assertFound(LogicalType type, Object javaKey, Object internal) {
        long[] bits = new long[16];
        BloomKeyFilter.add(bits, 4, ColumnDomain.coerce(Literal.of(javaKey), type));
        assertThat(BloomKeyFilter.of(4, bits).mightContain(internal))
                .as(type + " " + javaKey)
                .isTrue();
    }

    @Test
    void noFalseNegativesAndAboutTheSizedFalsePositiveRate() {
        int[] shape = BloomKeyFilter.shape(10_000, 0.01);
        long[] bits = new long[shape[1]];
        Random random = new Random(7);
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            long k = random.nextLong();
            keys.add(k);
            BloomKeyFilter.add(bits, shape[0], k);
        }
        BloomKeyFilter filter = BloomKeyFilter.of(shape[0], bits);
        for (long k : keys) {
            assertThat(filter.mightContain(k)).isTrue();
        }
        int falsePositives = 0;
        for (int i = 0; i < 100_000; i++) {
            falsePositives += filter.mightContain(random.nextLong()) ? 1 : 0;
        }
        assertThat(falsePositives).as("false positives of 100000").isLessThan(2_000);
    }

    @Test
    void aUnionHoldsTheKeysOfBothAndRefusesAnotherShape() {
        BloomKeyFilter a = TestingRuntimeFilters.bloom(3, 8, List.of(1L, 2L));
        BloomKeyFilter b = TestingRuntimeFilters.bloom(3, 8, List.of(3L));
        BloomKeyFilter u = a.union(b);
        assertThat(List.of(1L, 2L, 3L)).allMatch(u::mightContain);
        assertThat(a.mightContain(3L) && a.mightContain(4L) && a.mightContain(5L)).isFalse();
        assertThat(u).isEqualTo(b.union(a)).isNotEqualTo(a);
        assertThatThrownBy(() -> a.union(TestingRuntimeFilters.bloom(3, 4, List.of())))
                .hasMessageContaining("different shapes");
        assertThatThrownBy(() -> BloomKeyFilter.of(0, new long[1])).hasMessageContaining("hashes");
        assertThatThrownBy(() -> BloomKeyFilter.shape(0, 0.01)).hasMessageContaining("keys > 0");
    }
}

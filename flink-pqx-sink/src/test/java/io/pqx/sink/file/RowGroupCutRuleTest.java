package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowGroupCutRuleTest {
    @Test
    void closingSplitsIntoTheClosestOfNOrNPlusOneParts() {
        assertThat(RowGroupCutRule.closingParts(150, 100)).containsExactly(75, 75);
        assertThat(RowGroupCutRule.closingParts(130, 100)).containsExactly(130);
        assertThat(RowGroupCutRule.closingParts(140, 100)).containsExactly(70, 70);
        assertThat(RowGroupCutRule.closingParts(199, 100)).containsExactly(100, 99);
        assertThat(RowGroupCutRule.closingParts(50, 100)).containsExactly(50);
        assertThat(RowGroupCutRule.closingParts(0, 100)).isEmpty();
        assertThat(RowGroupCutRule.closingParts(350, 100)).containsExactly(88, 88, 87, 87);
    }

    @Test
    void closingPrefersFewerPartsOnTies() {
        assertThat(RowGroupCutRule.closingParts(4, 3)).containsExactly(4);
    }

    @Test
    void evenSplitPutsTheLargerPartsFirst() {
        assertThat(RowGroupCutRule.evenSplit(7, 3)).containsExactly(3, 2, 2);
    }

    @Test
    void approximateWaitsUntilTwoTargetsThenCutsOneTarget() {
        assertThat(RowGroupCutRule.approximateCut(199, 100, 10, false)).isZero();
        assertThat(RowGroupCutRule.approximateCut(200, 100, 10, false)).isEqualTo(100);
    }

    @Test
    void byteBoundCutsAtMostOneTargetAndNeverBelowTheFloor() {
        assertThat(RowGroupCutRule.approximateCut(9, 100, 10, true)).isZero();
        assertThat(RowGroupCutRule.approximateCut(60, 100, 10, true)).isEqualTo(60);
        assertThat(RowGroupCutRule.approximateCut(150, 100, 10, true)).isEqualTo(100);
        assertThat(RowGroupCutRule.exactCut(9, 100, 10, true)).isFalse();
        assertThat(RowGroupCutRule.exactCut(10, 100, 10, true)).isTrue();
        assertThat(RowGroupCutRule.exactCut(99, 100, 10, false)).isFalse();
        assertThat(RowGroupCutRule.exactCut(100, 100, 10, false)).isTrue();
    }
}

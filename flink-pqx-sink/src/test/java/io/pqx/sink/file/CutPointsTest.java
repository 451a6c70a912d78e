package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CutPointsTest {
    @Test
    void closingSplitsIntoTheClosestOfNOrNPlusOneParts() {
        assertThat(CutPoints.closingParts(150, 100)).containsExactly(75, 75);
        assertThat(CutPoints.closingParts(130, 100)).containsExactly(130);
        assertThat(CutPoints.closingParts(140, 100)).containsExactly(70, 70);
        assertThat(CutPoints.closingParts(199, 100)).containsExactly(100, 99);
        assertThat(CutPoints.closingParts(50, 100)).containsExactly(50);
        assertThat(CutPoints.closingParts(0, 100)).isEmpty();
        assertThat(CutPoints.closingParts(350, 100)).containsExactly(88, 88, 87, 87);
    }

    @Test
    void closingPrefersFewerPartsOnTies() {
        assertThat(CutPoints.closingParts(4, 3)).containsExactly(4);
    }

    @Test
    void evenSplitPutsTheLargerPartsFirst() {
        assertThat(CutPoints.evenSplit(7, 3)).containsExactly(3, 2, 2);
    }

    @Test
    void approximateWaitsUntilTwoTargetsThenCutsOneTarget() {
        assertThat(CutPoints.approximateCut(199, 100, 10, false)).isZero();
        assertThat(CutPoints.approximateCut(200, 100, 10, false)).isEqualTo(100);
    }

    @Test
    void byteBoundCutsAtMostOneTargetAndNeverBelowTheFloor() {
        assertThat(CutPoints.approximateCut(9, 100, 10, true)).isZero();
        assertThat(CutPoints.approximateCut(60, 100, 10, true)).isEqualTo(60);
        assertThat(CutPoints.approximateCut(150, 100, 10, true)).isEqualTo(100);
        assertThat(CutPoints.exactCut(9, 100, 10, true)).isFalse();
        assertThat(CutPoints.exactCut(10, 100, 10, true)).isTrue();
        assertThat(CutPoints.exactCut(99, 100, 10, false)).isFalse();
        assertThat(CutPoints.exactCut(100, 100, 10, false)).isTrue();
    }
}

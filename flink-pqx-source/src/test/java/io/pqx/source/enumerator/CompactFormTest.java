package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactFormTest {

    private static List<String> roundTrip(List<String> strings) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        CompactForm.FrontCodedWriter writer = new CompactForm.FrontCodedWriter();
        for (String s : strings) {
            writer.write(out, s);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        CompactForm.FrontCodedReader reader = new CompactForm.FrontCodedReader();
        List<String> read = new ArrayList<>();
        for (int i = 0; i < strings.size(); i++) {
            read.add(reader.read(in, "a test string"));
        }
        assertThat(in.available()).isZero();
        return read;
    }

    @Test
    void frontCodingNeverCutsASurrogatePair() throws IOException {
        // the two emoji share their high surrogate: a cut after it would leave invalid UTF-16
        List<String> strings =
                List.of("", "a\ud83d\ude00", "a\ud83d\ude01", "a\ud83d\ude01b", "b", "", "\u00e9");
        assertThat(roundTrip(strings)).isEqualTo(strings);
    }

    @Test
    void variableLengthIntegersRoundTripAtTheirEdges() throws IOException {
        long[] values = {0, 1, -1, 63, -64, 64, 127, 128, Long.MAX_VALUE, Long.MIN_VALUE};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (long v : values) {
            CompactForm.writeSignedVarLong(out, v);
            CompactForm.writeVarLong(out, v);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        for (long v : values) {
            assertThat(CompactForm.readSignedVarLong(in, "signed")).isEqualTo(v);
            assertThat(CompactForm.readVarLong(in, "unsigned")).isEqualTo(v);
        }
    }

    @Test
    void aPrefixLongerThanTheStringBeforeFailsClearly() {
        byte[] bytes = {5, 1, 'x'}; // shares 5 characters with the empty string before it
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        assertThatThrownBy(() -> new CompactForm.FrontCodedReader().read(in, "a path"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("a path")
                .hasMessageContaining("shares 5");
    }
}

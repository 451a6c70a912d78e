package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link IntDictionary}, {@link LongDictionary} and {@link BinaryDictionary} number values by first
 * appearance, through growth and after {@code clear()}, as a reference map does; their PLAIN
 * entries come out in id order.
 */
class FlatDictionariesTest {
    private final Random random = new Random(7);

    @Test
    void intIdsFollowFirstAppearance() throws IOException {
        IntDictionary d = new IntDictionary();
        for (int round = 0; round < 2; round++) {
            Map<Integer, Integer> reference = new HashMap<>();
            for (int i = 0; i < 100_000; i++) {
                int v = random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(40_000) - 20_000;
                Integer expected = reference.computeIfAbsent(v, k -> reference.size());
                assertThat(d.idOf(v)).isEqualTo(expected);
            }
            assertThat(d.size()).isEqualTo(reference.size());
            PlainBuffer out = new PlainBuffer();
            d.writeEntries(3, out);
            ByteBuffer b =
                    ByteBuffer.wrap(out.bytes().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
            for (int id = 0; id < 3; id++) {
                assertThat(reference.get(b.getInt())).isEqualTo(id);
                assertThat(d.key(id)).isEqualTo(b.getInt(4 * id));
            }
            d.clear();
            assertThat(d.size()).isZero();
        }
    }

    @Test
    void longIdsFollowFirstAppearance() throws IOException {
        LongDictionary d = new LongDictionary();
        for (int round = 0; round < 2; round++) {
            Map<Long, Integer> reference = new HashMap<>();
            for (int i = 0; i < 100_000; i++) {
                long v = random.nextBoolean() ? random.nextLong() : (random.nextInt(30_000) << 20);
                Integer expected = reference.computeIfAbsent(v, k -> reference.size());
                assertThat(d.idOf(v)).isEqualTo(expected);
            }
            assertThat(d.size()).isEqualTo(reference.size());
            PlainBuffer out = new PlainBuffer();
            d.writeEntries(d.size(), out);
            ByteBuffer b =
                    ByteBuffer.wrap(out.bytes().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
            for (int id = 0; id < d.size(); id++) {
                assertThat(reference.get(b.getLong())).isEqualTo(id);
            }
            d.clear();
        }
    }

    @Test
    void binaryIdsFollowFirstAppearanceAndCountTheirBytes() throws IOException {
        BinaryDictionary d = new BinaryDictionary();
        for (int round = 0; round < 2; round++) {
            Map<String, Integer> reference = new HashMap<>();
            long bytes = 0;
            byte[] scratch = new byte[512];
            for (int i = 0; i < 50_000; i++) {
                String s = "v" + random.nextInt(20_000) + "-".repeat(random.nextInt(30));
                byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                int at = random.nextInt(100);
                System.arraycopy(utf8, 0, scratch, at, utf8.length);
                if (!reference.containsKey(s)) {
                    bytes += utf8.length;
                }
                Integer expected = reference.computeIfAbsent(s, k -> reference.size());
                assertThat(d.idOf(scratch, at, utf8.length)).isEqualTo(expected);
            }
            assertThat(d.idOf(scratch, 0, 0)).isEqualTo(reference.size());
            assertThat(d.size()).isEqualTo(reference.size() + 1);
            assertThat(d.entryBytes()).isEqualTo(bytes);
            PlainBuffer out = new PlainBuffer();
            d.writeEntries(2, out);
            ByteBuffer b =
                    ByteBuffer.wrap(out.bytes().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
            for (int id = 0; id < 2; id++) {
                byte[] entry = new byte[b.getInt()];
                b.get(entry);
                assertThat(reference.get(new String(entry, StandardCharsets.UTF_8))).isEqualTo(id);
            }
            d.clear();
            assertThat(d.entryBytes()).isZero();
        }
    }
}

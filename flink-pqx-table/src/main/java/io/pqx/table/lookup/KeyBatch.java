package io.pqx.table.lookup;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.ListedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.flink.table.data.RowData;

/**
 * The distinct keys of one or more probes, answered together by one read of the table: per file,
 * the keys whose partition parts match the file's directories, and as one predicate over the data
 * parts (an IN list over a one-column key, an OR of ANDs over several) that prunes files, row
 * groups and pages and filters rows while the key columns are decoded. A key with a NULL or NaN
 * part matches no row (SQL equality) and is left out. Immutable.
 */
final class KeyBatch {
    private final LookupTable table;

    /** The keys that can match, each with its values in key order. */
    private final Set<Key> keys;

    private KeyBatch(LookupTable table, Set<Key> keys) {
        this.table = table;
        this.keys = keys;
    }

    /** The batch of {@code keyRows} (each holding the key parts in key order). */
    static KeyBatch of(LookupTable table, List<RowData> keyRows) {
        RowData.FieldGetter[] getters = keyRowGetters(table);
        Set<Key> keys = new LinkedHashSet<>();
        for (RowData keyRow : keyRows) {
            Key key = Key.of(keyRow, getters);
            if (key != null) {
                keys.add(key);
            }
        }
        return new KeyBatch(table, keys);
    }

    /** The batch of these keys (none null). */
    static KeyBatch ofKeys(LookupTable table, List<Key> keys) {
        return new KeyBatch(table, new LinkedHashSet<>(keys));
    }

    /**
     * The key of {@code keyRow}, as the batch's answers are keyed; null for one matching nothing.
     */
    static Key keyOf(LookupTable table, RowData keyRow) {
        return Key.of(keyRow, keyRowGetters(table));
    }

    /** Getters of a key row's parts (the key's values only, in key order). */
    private static RowData.FieldGetter[] keyRowGetters(LookupTable table) {
        RowData.FieldGetter[] getters = new RowData.FieldGetter[table.keyFields.length];
        for (int i = 0; i < getters.length; i++) {
            getters[i] = RowData.createFieldGetter(table.keyType(i), i);
        }
        return getters;
    }

    boolean isEmpty() {
        return keys.isEmpty();
    }

    int size() {
        return keys.size();
    }

    /**
     * The keys of this batch a file can hold: those whose partition parts equal its directories.
     */
    KeyBatch forFile(ListedFile file) throws IOException {
        List<Integer> parts = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < table.keyFields.length; i++) {
            if (table.isPartitionKey(i)) {
                parts.add(i);
                Object value = file.partitionValue(table.keyName(i), table.keyType(i));
                values.add(value == null ? null : Key.normalize(value));
            }
        }
        if (parts.isEmpty()) {
            return this;
        }
        Set<Key> matching = new LinkedHashSet<>();
        for (Key key : keys) {
            boolean all = true;
            for (int j = 0; j < parts.size() && all; j++) {
                all = values.get(j) != null && values.get(j).equals(key.values[parts.get(j)]);
            }
            if (all) {
                matching.add(key);
            }
        }
        return new KeyBatch(table, matching);
    }

    /**
     * The condition on the data columns a row must meet to match a key of the batch; null when the
     * key has partition parts only (every row of a matching file matches).
     */
    Predicate dataPredicate() {
        List<Integer> dataParts = new ArrayList<>();
        for (int i = 0; i < table.keyFields.length; i++) {
            if (!table.isPartitionKey(i)) {
                dataParts.add(i);
            }
        }
        if (dataParts.isEmpty() || keys.isEmpty()) {
            return null;
        }
        if (dataParts.size() == 1) {
            int part = dataParts.get(0);
            Set<Object> values = new LinkedHashSet<>();
            for (Key key : keys) {
                values.add(key.raw[part]);
            }
            return Predicates.in(Predicates.column(table.keyName(part)), List.copyOf(values));
        }
        List<Predicate> disjuncts = new ArrayList<>();
        for (Key key : keys) {
            List<Predicate> equalities = new ArrayList<>();
            for (int part : dataParts) {
                equalities.add(Predicates.equal(table.keyName(part), key.raw[part]));
            }
            disjuncts.add(Predicates.and(equalities));
        }
        return disjuncts.size() == 1 ? disjuncts.get(0) : Predicates.or(disjuncts);
    }

    /** Whether a table row's key is one of the batch's keys. */
    boolean contains(Key key) {
        return key != null && keys.contains(key);
    }

    /**
     * A lookup key as SQL equality compares it: -0.0 equal to 0.0, binary values by content. The
     * raw values (Flink's internal ones) are kept for the predicate.
     */
    static final class Key {
        private final Object[] raw;
        private final Object[] values;
        private final int hash;

        private Key(Object[] raw, Object[] values) {
            this.raw = raw;
            this.values = values;
            this.hash = Arrays.deepHashCode(values);
        }

        /**
         * The key of {@code row}'s fields read by {@code getters}; null if a part is NULL or NaN.
         */
        static Key of(RowData row, RowData.FieldGetter[] getters) {
            Object[] raw = new Object[getters.length];
            Object[] values = new Object[getters.length];
            for (int i = 0; i < getters.length; i++) {
                Object value = getters[i].getFieldOrNull(row);
                if (value == null
                        || value instanceof Double d && d.isNaN()
                        || value instanceof Float f && f.isNaN()) {
                    return null; // NULL = x and NaN = x are never TRUE
                }
                raw[i] = value;
                values[i] = normalize(value);
            }
            return new Key(raw, values);
        }

        static Object normalize(Object value) {
            if (value instanceof Double d && d == 0.0) {
                return 0.0;
            }
            if (value instanceof Float f && f == 0.0f) {
                return 0.0f;
            }
            if (value instanceof byte[] b) {
                return new Bytes(b);
            }
            return value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    /** A binary key part compared by content. */
    private record Bytes(byte[] value) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }
    }

    /** Getters of the key fields of a table row. */
    static RowData.FieldGetter[] tableKeyGetters(LookupTable table) {
        RowData.FieldGetter[] getters = new RowData.FieldGetter[table.keyFields.length];
        for (int i = 0; i < getters.length; i++) {
            getters[i] = RowData.createFieldGetter(table.keyType(i), table.keyFields[i]);
        }
        return getters;
    }

    @Override
    public String toString() {
        return "KeyBatch" + keys;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyBatch b && keys.equals(b.keys);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keys);
    }

    Map<Key, List<RowData>> emptyAnswers() {
        Map<Key, List<RowData>> answers = new LinkedHashMap<>();
        for (Key key : keys) {
            answers.put(key, new ArrayList<>());
        }
        return answers;
    }
}

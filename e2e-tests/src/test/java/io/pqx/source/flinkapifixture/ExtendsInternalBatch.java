package io.pqx.source.flinkapifixture;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * A fixture of the Flink API rule: a users' type extending Flink's {@code @Internal} columnar batch
 * (as {@code ParquetBatch} once did), though the source may use the class itself.
 */
@PublicEvolving
public final class ExtendsInternalBatch extends VectorizedColumnBatch {
    private static final long serialVersionUID = 1L;

    public ExtendsInternalBatch(ColumnVector[] vectors) {
        super(vectors);
    }
}

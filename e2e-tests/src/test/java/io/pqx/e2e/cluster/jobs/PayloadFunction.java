package io.pqx.e2e.cluster.jobs;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * SQL's view of {@link GeneratedRows#payload}: {@code payload(id)} is the payload of row {@code
 * id}, so rows written by SQL can be checked as the DataStream ones are. A user function that
 * reaches the cluster through the job jar.
 */
public final class PayloadFunction extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    public String eval(Long id) {
        return id == null ? null : GeneratedRows.payload(id);
    }
}

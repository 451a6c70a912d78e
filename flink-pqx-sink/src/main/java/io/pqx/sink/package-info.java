/**
 * <b>Public API.</b> The sink a job names: {@link io.pqx.sink.PqxSink} (RowData) and {@link
 * io.pqx.sink.PqxPojoSink} (POJOs), built and validated by {@link io.pqx.sink.PqxSinkBuilder}, with
 * every option in {@link io.pqx.sink.PqxSinkOptions}.
 */
package io.pqx.sink;

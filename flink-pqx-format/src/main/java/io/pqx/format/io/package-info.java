/**
 * <b>Public API.</b> The byte-level I/O the reader and the writer stand on: {@link
 * io.pqx.format.io.InputFile} (positioned, length-checked range reads) with its implementations
 * over a Flink {@code FileSystem} ({@link io.pqx.format.io.FlinkInputFile}) and over bytes in
 * memory ({@link io.pqx.format.io.ByteArrayInputFile}), the {@link
 * io.pqx.format.io.RangeReadPolicy} that tells readers how to batch range reads of a file
 * (sequential locally; on object stores several in flight, small gaps read through), and {@link
 * io.pqx.format.io.PositionOutputStream}, an output stream that counts the file offset the writer
 * records in the footer.
 */
package io.pqx.format.io;

/**
 * <b>Public API.</b> The two checked exceptions every read of a bad file ends in: {@link
 * io.pqx.format.error.CorruptFileException} (the bytes contradict the format) and {@link
 * io.pqx.format.error.UnsupportedFileException} (valid, but a feature pqx does not support), and
 * {@link io.pqx.format.error.FileContext}, which formats the "(file, row group n, column a.b)" that
 * ends each message of the grammar "Cannot &lt;verb&gt; &lt;object&gt;: &lt;reason&gt;
 * (&lt;file&gt;, row group n, column a.b)".
 */
package io.pqx.format.error;

/**
 * <b>Internal.</b> Pages of column chunks: on write, compresses each page parquet-column's column
 * writer produces and frames it with a Thrift header and optional CRC ({@code ChunkPageWriter}); on
 * read, reads the byte ranges of a row group in few reads ({@code CoalescedRangeReader}), walks the
 * page headers and checks sizes, CRCs and the lengths inside page bodies before parquet-column
 * decodes them ({@code ChunkPageReader}, {@code PageInflater}, {@code PageBodyCheck}, {@code
 * PageValueCheck} with its checks of level runs, dictionary ids, PLAIN, DELTA and BYTE_STREAM_SPLIT
 * values and encoding against type; a string dictionary page comes out with where each string lies,
 * as the check found them: {@code IndexedDictionaryPage}). Not part of pqx's API.
 */
package io.pqx.format.page;

package io.pqx.format.io;

import io.pqx.format.error.FileContext;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import javax.annotation.Nullable;

/**
 * Reads a range of a local file by mapping it read-only, copying it into the caller's array and
 * unmapping it at once: one copy, from the page cache straight into the array. A read through the
 * file's stream (a {@code FileChannel} read into a heap buffer) costs two: the JDK reads into a
 * temporary native buffer and copies that into the array. For a row group of tens of megabytes,
 * whose array is cold in the CPU caches, the mapped read costs about a quarter less CPU (64 MiB
 * from the page cache in 24 MiB ranges on the benchmark machine, thread CPU: 9.8 ms through the
 * channel, 7.4 ms mapped, page faults and unmapping included; into an array that stays in cache,
 * ranges of 4 MiB, both cost the same; a mapping kept from read to read, without faults, would be
 * 3.6 ms). A full scan of pqx's uncompressed 3,000,000-row lineitem file (186 MB, three row groups)
 * took 138 ms of thread CPU through the channel and 122 ms mapped; its ZSTD copy 260 and 254 ms.
 * Small ranges are not worth a mapping's system calls and go through the stream ({@link
 * #MIN_BYTES}).
 *
 * <p>Why not keep the file mapped (and decode from the mapping, without the copy): decoders and
 * codecs read heap arrays; a mapping kept open would tie its lifetime to every page read from it
 * and to the threads that read it (unmapping it under a reader crashes the JVM); and a mapping is
 * unsafe when the file is truncated under it. So a mapping lives for one copy, on the reading
 * thread, and is unmapped before the read returns, through the JDK's cleaner ({@code
 * sun.misc.Unsafe.invokeCleaner}); where that is unavailable, nothing is mapped (mappings left to
 * the collector could exhaust the process's mapping count before it runs).
 *
 * <p>A file truncated under the reader: the length is checked before mapping and again after the
 * copy (pages cut off during the copy read as zeros up to the end of the last page left), so the
 * read fails with an {@link EOFException} naming the file instead of returning short or zeroed
 * bytes; a page cut off during the copy raises a bus error, which the JVM turns into an {@link
 * InternalError} for unsafe memory copies, reported the same way. A file rewritten in place with
 * the same length is not detected, as with any read. Stateless and thread-safe.
 */
final class MappedRangeReads {
    /**
     * The smallest range read through a mapping: below it, mapping, faulting in and unmapping the
     * pages costs about what the second copy of a stream read does.
     */
    static final int MIN_BYTES = 1 << 20;

    @Nullable private static final Unmapper UNMAPPER = Unmapper.find();

    private MappedRangeReads() {}

    /** Whether ranges can be read mapped in this JVM (it can unmap them at once). */
    static boolean available() {
        return UNMAPPER != null;
    }

    /**
     * Reads exactly {@code len} bytes of {@code file} at {@code position} into {@code buffer} at
     * {@code offset}; false when the range could not be mapped (the caller then reads it through
     * the stream).
     *
     * @throws EOFException when the file is, or became during the read, shorter than the range
     */
    static boolean read(
            File file, long position, byte[] buffer, int offset, int len, String location)
            throws IOException {
        if (UNMAPPER == null) {
            return false;
        }
        long end = position + len;
        try (FileChannel channel = FileChannel.open(file.toPath(), StandardOpenOption.READ)) {
            requireLength(channel.size(), end, location);
            MappedByteBuffer map;
            try {
                map = channel.map(FileChannel.MapMode.READ_ONLY, position, len);
            } catch (IOException | UnsupportedOperationException e) {
                // cut short since (a read-only mapping cannot reach past the end), or no mapping
                // for this file (or no room for one): then it is read the old way
                requireLength(channel.size(), end, location);
                return false;
            }
            try {
                try {
                    map.get(0, buffer, offset, len);
                } finally {
                    UNMAPPER.unmap(map);
                }
            } catch (InternalError e) {
                // the JVM's answer to a bus error in an unsafe copy: pages cut off the file (if
                // the file is as long as before, it is no such error, and not ours to rename)
                long size = channel.size();
                if (size >= end) {
                    throw e;
                }
                throw endedEarly(size, end, location);
            }
            requireLength(channel.size(), end, location);
        }
        return true;
    }

    private static void requireLength(long size, long end, String location) throws EOFException {
        if (size < end) {
            throw endedEarly(size, end, location);
        }
    }

    private static EOFException endedEarly(long size, long end, String location) {
        return new EOFException(
                "Cannot read bytes: file ended at "
                        + size
                        + " before the expected "
                        + end
                        + " (it was truncated while being read) "
                        + FileContext.of(location).suffix());
    }

    /** Unmaps a mapped buffer at once, through {@code sun.misc.Unsafe.invokeCleaner}. */
    private static final class Unmapper {
        private final Object unsafe;
        private final Method invokeCleaner;

        private Unmapper(Object unsafe, Method invokeCleaner) {
            this.unsafe = unsafe;
            this.invokeCleaner = invokeCleaner;
        }

        @Nullable
        static Unmapper find() {
            try {
                Class<?> type = Class.forName("sun.misc.Unsafe");
                Field field = type.getDeclaredField("theUnsafe");
                field.setAccessible(true);
                Method invokeCleaner = type.getMethod("invokeCleaner", ByteBuffer.class);
                return new Unmapper(field.get(null), invokeCleaner);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return null;
            }
        }

        void unmap(MappedByteBuffer map) throws IOException {
            try {
                invokeCleaner.invoke(unsafe, map);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof Error error) {
                    throw error; // an InternalError of the copy before, delivered late
                }
                throw new IOException("Cannot unmap a mapped file range", e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IOException("Cannot unmap a mapped file range", e);
            }
        }
    }
}

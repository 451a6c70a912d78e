package io.pqx.source.discovery;

import org.apache.flink.annotation.Internal;

/**
 * Which names discovery never reads: a name starting with {@code .} or {@code _} (Hadoop's and
 * Flink's hidden files: {@code _SUCCESS}, {@code _temporary}, {@code .crc} files, pqx's and Flink's
 * in-progress files {@code .part-….inprogress.<uuid>}), and any name holding {@code .inprogress}
 * (in-progress files of writers that do not hide them). It applies to directories too: nothing
 * below a hidden directory is read.
 */
@Internal
public final class HiddenFiles {
    private HiddenFiles() {}

    public static boolean isHidden(String name) {
        return name.startsWith(".") || name.startsWith("_") || name.contains(".inprogress");
    }
}

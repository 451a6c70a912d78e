package io.pqx.format.page;

import org.apache.flink.annotation.Internal;

/**
 * What the page reader accepts: pages whose compressed or uncompressed size exceeds {@code
 * maxPageBytes} are refused before anything is allocated; {@code verifyChecksums} checks the CRC-32
 * of every page that carries one.
 */
@Internal
public record PageLimits(int maxPageBytes, boolean verifyChecksums) {}

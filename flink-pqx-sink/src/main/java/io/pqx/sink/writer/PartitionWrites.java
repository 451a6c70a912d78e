package io.pqx.sink.writer;

import java.io.Serializable;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * What a statement says about the partitions it writes, beyond the options (set on {@code
 * PqxSinkBuilder}, as SQL's {@code INSERT [OVERWRITE] ... PARTITION (...)} does): the directory
 * name of null and empty partition values, whether each subtask's rows arrive grouped by partition,
 * and whether the partitions written replace what was there.
 *
 * @param defaultPartitionName the directory value of a null or empty partition value (unescaped)
 * @param inputGrouped whether each subtask receives the rows of one partition after another (SQL
 *     batch sorts them so): a partition's file is closed when the next partition's first row
 *     arrives, so a subtask keeps one file open instead of up to {@code sink.max-open-files}
 * @param overwrite whether the job's committed files replace, at the end of a bounded job, every
 *     visible file of the partitions it wrote (of the whole base path when unpartitioned)
 * @param staticPartition with {@code overwrite}, the relative directory of the partition the
 *     statement fixed completely ({@code PARTITION (dt='x')} of a table partitioned by dt only),
 *     emptied when the job writes no row at all; null if none
 */
@Internal
public record PartitionWrites(
        String defaultPartitionName,
        boolean inputGrouped,
        boolean overwrite,
        @Nullable String staticPartition)
        implements Serializable {}

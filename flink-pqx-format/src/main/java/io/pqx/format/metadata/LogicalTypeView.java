package io.pqx.format.metadata;

import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The logical type annotation of a Parquet leaf (or converted type, for files that only carry one),
 * as pqx reads it. Immutable.
 *
 * <p>{@link #name()} is the annotation's kind as the format spec names it ({@code STRING}, {@code
 * INTEGER}, {@code DECIMAL}, {@code DATE}, {@code TIME}, {@code TIMESTAMP}, {@code UUID}, {@code
 * ENUM}, {@code JSON}, {@code BSON}, {@code FLOAT16}, {@code LIST}, {@code MAP}, {@code INTERVAL},
 * {@code VARIANT}, ...); {@link #text()} is the full annotation as parquet-column prints it, e.g.
 * {@code INTEGER(8,false)} or {@code TIMESTAMP(MICROS,true)}. The parameters of the kinds that have
 * them are given too; they are 0, false or null for the others.
 *
 * @param name the annotation's kind
 * @param text the whole annotation with its parameters
 * @param bitWidth INTEGER: 8, 16, 32 or 64
 * @param signed INTEGER: whether the values are signed
 * @param adjustedToUtc TIME and TIMESTAMP: whether the values are instants (UTC)
 * @param timeUnit TIME and TIMESTAMP: {@code MILLIS}, {@code MICROS} or {@code NANOS}
 * @param precision DECIMAL: the number of digits
 * @param scale DECIMAL: the digits after the point
 */
@PublicEvolving
public record LogicalTypeView(
        String name,
        String text,
        int bitWidth,
        boolean signed,
        boolean adjustedToUtc,
        @Nullable String timeUnit,
        int precision,
        int scale) {

    public LogicalTypeView {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }

    /** The annotation as parquet-column prints it ({@link #text()}). */
    @Override
    public String toString() {
        return text;
    }
}

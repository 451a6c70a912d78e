package io.pqx.format.predicate;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A reference to a column by its path of Flink field names from the row: {@code [price]} for a
 * top-level column, {@code [address, city]} for field {@code city} of the ROW column {@code
 * address}. A reference names a column; {@link ColumnResolver} finds it in a schema (and says
 * clearly when it is not there). Immutable.
 *
 * @param path the field names, outermost first; none is null, the path is not empty
 */
@PublicEvolving
public record ColumnRef(List<String> path) implements Serializable {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public ColumnRef {
        path = List.copyOf(path);
        if (path.isEmpty()) {
            throw new IllegalArgumentException("Cannot refer to a column: the path is empty");
        }
        for (String name : path) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException(
                        "Cannot refer to column " + path + ": a field name is empty");
            }
        }
    }

    /**
     * The column with this dotted path ({@code a.b}); a name holding a dot needs {@link
     * #of(String...)}.
     */
    public static ColumnRef parse(String dottedPath) {
        Objects.requireNonNull(dottedPath, "dottedPath");
        return new ColumnRef(Arrays.asList(dottedPath.split("\\.", -1)));
    }

    /** The column with these field names, outermost first. */
    public static ColumnRef of(String... names) {
        return new ColumnRef(Arrays.asList(names));
    }

    /** The field names joined by dots, as error messages name columns. */
    public String dotted() {
        return String.join(".", path);
    }

    /** SQL-ish: names joined by dots, a name that is not a plain identifier in backquotes. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (String name : path) {
            if (sb.length() > 0) {
                sb.append('.');
            }
            if (PLAIN.matcher(name).matches()) {
                sb.append(name);
            } else {
                sb.append('`').append(name.replace("`", "``")).append('`');
            }
        }
        return sb.toString();
    }
}

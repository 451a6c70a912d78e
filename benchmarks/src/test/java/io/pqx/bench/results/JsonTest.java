package io.pqx.bench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void writtenValuesReadBackTheSame() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("text", "quote \" backslash \\ tab \t line\n control \u0001 é");
        value.put("whole", 5_000_000L);
        value.put("fraction", 0.123456789);
        value.put("small", 1.5e-7);
        value.put("flag", true);
        value.put("nothing", null);
        value.put("list", List.of(1.0, "two", List.of(), Map.of()));

        Object read = Json.parse(Json.write(value));

        Map<String, Object> expected = new LinkedHashMap<>(value);
        expected.put("whole", 5_000_000.0);
        expected.put("list", Arrays.asList(1.0, "two", List.of(), Map.of()));
        assertThat(read).isEqualTo(expected);
        assertThat(((Map<?, ?>) read).keySet().stream().map(String::valueOf))
                .containsExactly("text", "whole", "fraction", "small", "flag", "nothing", "list");
    }

    @Test
    void numbersAreWrittenAsJsonNumbers() {
        assertThat(Json.write(List.of(3L, 2.5, 1e20, Double.NaN)))
                .isEqualTo("[\n  3,\n  2.5,\n  1.0E20,\n  null\n]\n");
    }

    @Test
    void malformedTextNamesWhereItBreaks() {
        assertThatThrownBy(() -> Json.parse("{\"a\": 1,}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("offset 8");
        assertThatThrownBy(() -> Json.parse("[1] 2")).hasMessageContaining("text after the value");
        assertThatThrownBy(() -> Json.parse("\"open")).hasMessageContaining("the text ends early");
    }
}

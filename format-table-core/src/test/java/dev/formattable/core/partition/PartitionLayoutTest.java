/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.formattable.core.partition;

import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PartitionLayoutTest {

    private static final String DEFAULT = "__DEFAULT_PARTITION__";
    private static final LocalDate DAY = LocalDate.of(2024, 1, 1);

    private static PartitionLayout layout(boolean valueOnly, boolean legacy) {
        return new PartitionLayout(
                List.of("dt", "k"),
                List.of(DataTypes.DATE(), DataTypes.STRING()),
                new PartitionValueCodec(DEFAULT, legacy),
                valueOnly);
    }

    private final PartitionLayout hive = layout(false, false);
    private final PartitionLayout valueOnly = layout(true, false);

    private static Map<String, String> spec(String... keysAndValues) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            spec.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return spec;
    }

    @Test
    void keyValueNames() {
        assertThat(hive.directoryName(0, DAY)).isEqualTo("dt=2024-01-01");
        assertThat(layout(false, true).directoryName(0, DAY)).isEqualTo("dt=19723");
        assertThat(hive.directoryName(1, "x")).isEqualTo("k=x");
        assertThat(hive.directoryName(1, null)).isEqualTo("k=" + DEFAULT);
        assertThat(hive.relativePath(List.of(DAY, "x"))).isEqualTo("dt=2024-01-01/k=x");
        assertThat(hive.relativePath(List.of(DAY))).isEqualTo("dt=2024-01-01");
        assertThat(hive.relativePath(List.of())).isEmpty();
    }

    @Test
    void keyValueNamesAreEscaped() {
        assertThat(hive.directoryName(1, "a/b=c")).isEqualTo("k=a%2Fb%3Dc");
        assertThat(hive.directoryName(1, "x%2Fy")).isEqualTo("k=x%252Fy");
        PartitionLayout oddKey =
                new PartitionLayout(
                        List.of("a=b"),
                        List.of(DataTypes.STRING()),
                        new PartitionValueCodec(DEFAULT, true),
                        false);
        assertThat(oddKey.directoryName(0, "v")).isEqualTo("a%3Db=v");
        assertThat(oddKey.parseDirectoryName(0, "a%3Db=v").get()[0]).isEqualTo("v");
    }

    @Test
    void valueOnlyNames() {
        assertThat(valueOnly.directoryName(0, DAY)).isEqualTo("2024-01-01");
        assertThat(valueOnly.directoryName(1, "a/b=c")).isEqualTo("a%2Fb%3Dc");
        assertThat(valueOnly.relativePath(List.of(DAY, "x"))).isEqualTo("2024-01-01/x");
        assertThat(valueOnly.directoryName(1, null)).isEqualTo(DEFAULT);
    }

    @Test
    void valueOnlyRefusesHiddenNames() {
        assertThatThrownBy(() -> valueOnly.directoryName(1, "_x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'_x'")
                .hasMessageContaining("column 'k'")
                .hasMessageContaining("format-table.partition-path-only-value");
        assertThatThrownBy(() -> valueOnly.directoryName(1, ".x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'.x'")
                .hasMessageContaining("column 'k'")
                .hasMessageContaining("format-table.partition-path-only-value");
        // Under key=value the same values are fine.
        assertThat(hive.directoryName(1, "_x")).isEqualTo("k=_x");
        assertThat(hive.directoryName(1, ".x")).isEqualTo("k=.x");
    }

    @Test
    void dotAndDotDotAreRefusedInBothLayouts() {
        for (PartitionLayout layout : List.of(hive, valueOnly)) {
            for (String value : List.of(".", "..")) {
                assertThatThrownBy(() -> layout.directoryName(1, value))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("Partition value '" + value + "' of column 'k'")
                        .hasMessageContaining("cannot name a directory");
            }
        }
    }

    @Test
    void relativePathRefusesTooManyValues() {
        assertThatThrownBy(() -> hive.relativePath(List.of(DAY, "x", "y")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("More partition values than partition keys");
    }

    @Test
    void parseKeyValueDirectoryName() {
        assertThat(hive.parseDirectoryName(0, "dt=2024-01-01").get()).containsExactly(DAY);
        assertThat(hive.parseDirectoryName(0, "dt=19723").get()).containsExactly(DAY);
        assertThat(hive.parseDirectoryName(1, "k=a%2Fb%3Dc").get()).containsExactly("a/b=c");
    }

    @Test
    void parseValueOnlyDirectoryName() {
        assertThat(valueOnly.parseDirectoryName(0, "2024-01-01").get()).containsExactly(DAY);
        assertThat(valueOnly.parseDirectoryName(1, "a%2Fb%3Dc").get()).containsExactly("a/b=c");
    }

    @Test
    void parseIgnoresHiddenNames() {
        assertThat(hive.parseDirectoryName(1, "_temporary")).isEmpty();
        assertThat(hive.parseDirectoryName(1, ".staging")).isEmpty();
        assertThat(hive.parseDirectoryName(1, "_k=x")).isEmpty();
        assertThat(valueOnly.parseDirectoryName(1, "_temporary")).isEmpty();
        assertThat(valueOnly.parseDirectoryName(1, ".staging")).isEmpty();
    }

    @Test
    void parseIgnoresAnotherKeysDirectory() {
        assertThat(hive.parseDirectoryName(1, "dt=2024-01-01")).isEmpty();
        assertThat(hive.parseDirectoryName(0, "k=x")).isEmpty();
        assertThat(hive.parseDirectoryName(1, "kk=x")).isEmpty();
        assertThat(hive.parseDirectoryName(1, "novalue")).isEmpty();
    }

    @Test
    void parseDefaultPartitionAsPresentNull() {
        Optional<Object[]> hiveNull = hive.parseDirectoryName(1, "k=" + DEFAULT);
        assertThat(hiveNull).isPresent();
        assertThat(hiveNull.get()).containsExactly((Object) null);

        Optional<Object[]> valueOnlyNull = valueOnly.parseDirectoryName(0, DEFAULT);
        assertThat(valueOnlyNull).isPresent();
        assertThat(valueOnlyNull.get()).containsExactly((Object) null);
    }

    @Test
    void parseRefusesValueOfTheWrongType() {
        assertThatThrownBy(() -> hive.parseDirectoryName(0, "dt=yesterday"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'yesterday' is not a valid DATE value")
                .hasMessageContaining("'dt'");
    }

    @Test
    void directoryNameSpellings() {
        assertThat(hive.directoryNameSpellings(0, DAY))
                .containsExactly("dt=2024-01-01", "dt=19723");
        assertThat(valueOnly.directoryNameSpellings(1, "a/b")).containsExactly("a%2Fb");
    }

    @Test
    void parseSpec() {
        assertThat(hive.parseSpec(spec("dt", "2024-01-01", "k", "x"))).containsExactly(DAY, "x");
        assertThat(hive.parseSpec(spec("dt", "19723"))).containsExactly(DAY);
        assertThat(hive.parseSpec(spec("dt", null, "k", DEFAULT))).containsExactly(null, null);
        assertThat(hive.parseSpec(spec())).isEmpty();
    }

    @Test
    void parseSpecRefusesUnknownKey() {
        assertThatThrownBy(() -> hive.parseSpec(spec("dt", "2024-01-01", "zz", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "'zz' is not a partition key; the partition keys are [dt, k]");
    }

    @Test
    void parseSpecRefusesKeyOutOfOrder() {
        assertThatThrownBy(() -> hive.parseSpec(spec("k", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must name a leading run of the partition keys [dt, k]")
                .hasMessageContaining("'k' is out of place");
        assertThatThrownBy(() -> hive.parseSpec(spec("k", "x", "dt", "2024-01-01")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'k' is out of place");
    }

    @Test
    void toSpec() {
        assertThat(hive.toSpec(List.of(DAY, "x")))
                .containsExactly(Map.entry("dt", "2024-01-01"), Map.entry("k", "x"));
        assertThat(layout(false, true).toSpec(List.of(DAY)))
                .containsExactly(Map.entry("dt", "19723"));
        Map<String, String> withNull = hive.toSpec(Arrays.asList(null, ""));
        assertThat(withNull).containsOnlyKeys("dt", "k");
        assertThat(withNull.get("dt")).isNull();
        assertThat(withNull.get("k")).isNull();
    }

    @Test
    void specRoundTrip() {
        List<Object> values = Arrays.asList(DAY, null);
        assertThat(hive.parseSpec(hive.toSpec(values))).isEqualTo(values);
    }
}

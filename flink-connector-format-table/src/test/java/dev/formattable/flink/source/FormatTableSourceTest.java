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
package dev.formattable.flink.source;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FormatTableSourceTest {

    @TempDir java.nio.file.Path dir;

    private FormatTable table() {
        return SinkTables.table(dir);
    }

    private static final RowType TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new IntType(), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"a", "k"});

    @Test
    void aProjectionNamingAColumnTwiceIsRefused() {
        assertThatThrownBy(
                        () ->
                                ReadSpec.builder(table(), TYPE)
                                        .projection(new int[] {1, 0, 1})
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names column 'k' more than once");
    }

    @Test
    void producesTheProjectedType() {
        assertThat(
                        FormatTableSource.create(
                                        ScanSpec.builder(table()).build(),
                                        ReadSpec.builder(table(), TYPE)
                                                .projection(new int[] {1})
                                                .build(),
                                        List.of())
                                .getBoundedness()
                                .name())
                .isEqualTo("BOUNDED");
    }

    @Test
    void aContinuousScanWithALimitIsRefused() {
        assertThatThrownBy(
                        () ->
                                ScanSpec.builder(table())
                                        .limit(10L)
                                        .monitorContinuously(java.time.Duration.ofSeconds(1))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A continuous source of a format table cannot have a limit");
    }

    @Test
    void anUnknownMetadataColumnIsRefused() {
        assertThatThrownBy(
                        () ->
                                ReadSpec.builder(table(), TYPE)
                                        .metadata(List.of("file.owner"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown metadata column 'file.owner'");
    }
}

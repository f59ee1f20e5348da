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
package dev.formattable.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs both example jobs on an embedded Flink and checks what they print. */
class ExamplesTest {

    @TempDir Path dir;

    @Test
    void theDataStreamJobWritesAndReadsItsTable() throws Exception {
        assertThat(DataStreamExample.run(dir.resolve("orders").toString()))
                .containsExactlyInAnyOrder("bob 2", "carol 3");
    }

    @Test
    void theSqlJobUsesTheCatalog() throws Exception {
        String warehouse = dir.resolve("warehouse").toString();
        assertThat(SqlCatalogExample.run(warehouse))
                .containsExactly("2024-01-01 2 42.50", "2024-01-02 1 99.99");
        // The table, its schema and its partitions are plain directories of the warehouse.
        assertThat(dir.resolve("warehouse/sales.db/orders/schema/schema-0")).isRegularFile();
        assertThat(dir.resolve("warehouse/sales.db/orders")).isDirectoryContaining("glob:**/dt=*");
    }
}

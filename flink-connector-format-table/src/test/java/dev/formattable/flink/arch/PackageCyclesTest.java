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
package dev.formattable.flink.arch;

import dev.formattable.core.arch.PackageGraph;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connector's packages depend on each other in one direction only: the SQL adapters ({@code
 * table}), the DataStream builders and the catalog all build on the shared {@code config}, and no
 * package below them reaches back up.
 */
class PackageCyclesTest {

    @Test
    void connectorPackagesFormNoCycle() {
        PackageGraph graph = PackageGraph.of(ConnectorSources.MAIN, "dev.formattable.flink");
        assertThat(graph.packages())
                .contains("dev.formattable.flink.table", "dev.formattable.flink.config");
        assertThat(graph.cycles()).as("package cycles in flink-connector-format-table").isEmpty();
    }
}

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
package dev.formattable.core.arch;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The core's packages depend on each other in one direction only: no cycle among them. */
class PackageCyclesTest {

    @Test
    void corePackagesFormNoCycle() {
        PackageGraph graph = PackageGraph.of(Path.of("src", "main", "java"), "dev.formattable");
        assertThat(graph.packages()).contains("dev.formattable.core.scan", "dev.formattable.core");
        assertThat(graph.cycles()).as("package cycles in format-table-core").isEmpty();
    }

    @Test
    void aCycleIsFoundAndNamed() {
        PackageGraph graph =
                PackageGraph.of(Path.of("src", "test", "resources", "arch", "cycle"), "example");
        assertThat(graph.cycles())
                .singleElement()
                .asString()
                .contains("cycle among [example.a, example.b]")
                .contains("example.a -> example.b [A->B]")
                .contains("example.b -> example.a [B->A]");
    }
}

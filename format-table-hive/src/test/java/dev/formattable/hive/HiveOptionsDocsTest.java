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
package dev.formattable.hive;

import dev.formattable.core.testutils.GeneratedOptionsDocs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Fails when the Hive Metastore keys in {@code docs/catalog.md} no longer match their declarations.
 * Run with {@code -Dformattable.regenerate-docs=true} to rewrite the generated section.
 */
class HiveOptionsDocsTest {

    @Test
    void optionsReferenceIsUpToDate() throws IOException {
        GeneratedOptionsDocs.check(
                Path.of("..", "docs", "catalog.md"),
                "catalog-hive",
                new HiveMetastoreFactory().options());
    }
}

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
package dev.formattable.core.options;

import dev.formattable.core.testutils.GeneratedOptionsDocs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Fails when {@code docs/options.md} no longer matches the option declarations. Run with {@code
 * -Dformattable.regenerate-docs=true} to rewrite the generated section.
 */
class OptionsDocsTest {

    static final Path DOC = Path.of("..", "docs", "options.md");

    @Test
    void coreOptionsReferenceIsUpToDate() throws IOException {
        GeneratedOptionsDocs.check(DOC, "core", FormatTableOptions.all());
    }

    @Test
    void aMissingSectionIsNamed() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> OptionsDocs.replaceSection("nothing here", "core", "x"))
                .hasMessageContaining("no section 'core'");
    }
}

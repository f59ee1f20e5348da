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
package dev.formattable.core.metastore;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MetastoresTest {

    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void theFileSystemMetastoreIsFound() {
        assertThat(Metastores.factory("filesystem", loader))
                .isInstanceOf(FileSystemMetastore.Factory.class);
    }

    @Test
    void anUnknownMetastoreNamesTheOptionTheValueAndWhatThereIs() {
        assertThatThrownBy(() -> Metastores.factory("glue", loader))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'glue'")
                .hasMessageContaining("'metastore'")
                .hasMessageContaining("[filesystem]");
    }

    @Test
    void aMissingHiveJarIsNamed() {
        assertThatThrownBy(() -> Metastores.factory("hive", loader))
                .hasMessageContaining("format-table-hive");
    }
}

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
package dev.formattable.flink.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlinkLineTest {

    /** Each line's module runs this against its own Flink: the jar names the line it runs on. */
    @Test
    void theArtifactIsBuiltForTheLineItIsTestedOn() {
        assertThat(FlinkLine.builtFor()).isEqualTo(FlinkLine.running()).matches("\\d+\\.\\d+");
        assertThatCode(FlinkLine::checkRunning).doesNotThrowAnyException();
    }

    @Test
    void anotherLineIsRefusedNamingTheArtifactToTake() {
        assertThatThrownBy(() -> FlinkLine.check("2.3", "1.20"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("built for Flink 2.3 and cannot run on Flink 1.20")
                .hasMessageContaining("flink-connector-format-table-1.20")
                .hasMessageContaining("flink-sql-connector-format-table-1.20");
        assertThatThrownBy(() -> FlinkLine.check("1.20", "2.2"))
                .hasMessageContaining("take flink-connector-format-table-2.2");
    }

    @Test
    void patchReleasesOfALineAreTheLine() {
        assertThat(FlinkLine.lineOf("1.20.1")).isEqualTo("1.20");
        assertThat(FlinkLine.lineOf("2.3.0")).isEqualTo("2.3");
        assertThat(FlinkLine.lineOf("2.2-SNAPSHOT")).isEqualTo("2.2");
        assertThatThrownBy(() -> FlinkLine.lineOf("2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'2'");
    }
}

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

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemorySizeTest {

    @Test
    void parsesSizesWithUnits() {
        assertThat(MemorySize.parse("256 mb").getBytes()).isEqualTo(256L << 20);
        assertThat(MemorySize.parse("128mb").getBytes()).isEqualTo(128L << 20);
        assertThat(MemorySize.parse("1GB").getBytes()).isEqualTo(1L << 30);
        assertThat(MemorySize.parse("4096").getBytes()).isEqualTo(4096);
        assertThat(MemorySize.parse("1k").getBytes()).isEqualTo(1024);
        assertThat(MemorySize.parse("3 kb").getBytes()).isEqualTo(3 * 1024);
        assertThat(MemorySize.parse("2m").getBytes()).isEqualTo(2L << 20);
        assertThat(MemorySize.parse("2g").getBytes()).isEqualTo(2L << 30);
        assertThat(MemorySize.parse("1 TB").getBytes()).isEqualTo(1L << 40);
        assertThat(MemorySize.parse("0 b").getBytes()).isZero();
        assertThat(MemorySize.parse(" 10 bytes ").getBytes()).isEqualTo(10);
    }

    @Test
    void equalsAndToString() {
        assertThat(MemorySize.parse("256 mb")).isEqualTo(MemorySize.ofMebiBytes(256));
        assertThat(MemorySize.ofMebiBytes(256).toString()).isEqualTo("256 mb");
        assertThat(MemorySize.ofBytes(1025).toString()).isEqualTo("1025 b");
        assertThat(MemorySize.ofBytes(0).toString()).isEqualTo("0 b");
        assertThat(MemorySize.ofBytes(1L << 30).toString()).isEqualTo("1 gb");
    }

    @Test
    void refusesText() {
        assertThatThrownBy(() -> MemorySize.parse("abc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'abc' is not a memory size");
        assertThatThrownBy(() -> MemorySize.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemorySize.parse("-1 mb"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1 mb");
    }

    @Test
    void refusesUnknownUnit() {
        assertThatThrownBy(() -> MemorySize.parse("12 parsecs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'12 parsecs'")
                .hasMessageContaining("parsecs");
    }

    @Test
    void refusesOverflow() {
        assertThatThrownBy(() -> MemorySize.parse("99999999999999999999"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
        assertThatThrownBy(() -> MemorySize.parse("8388608 tb"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
        assertThat(MemorySize.parse("8388607 tb").getBytes()).isEqualTo(8388607L << 40);
    }
}

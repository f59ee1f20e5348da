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

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PathEscaperTest {

    private static final String SPECIAL = "\"#%'*/:=?\\\u007F{}[]^";

    @Test
    void escapesControlCharactersAsUpperCaseHex() {
        for (char c = 0; c < 0x20; c++) {
            String expected = String.format("%%%02X", (int) c);
            assertThat(PathEscaper.needsEscaping(c)).as("char %d", (int) c).isTrue();
            assertThat(PathEscaper.escape(String.valueOf(c))).isEqualTo(expected);
        }
        assertThat(PathEscaper.escape("\n")).isEqualTo("%0A");
        assertThat(PathEscaper.escape("\u001F")).isEqualTo("%1F");
    }

    @Test
    void escapesSpecialCharacters() {
        for (char c : SPECIAL.toCharArray()) {
            String expected = String.format("%%%02X", (int) c);
            assertThat(PathEscaper.needsEscaping(c)).as("char '%s'", c).isTrue();
            assertThat(PathEscaper.escape("a" + c + "b")).isEqualTo("a" + expected + "b");
        }
        assertThat(PathEscaper.escape("\"")).isEqualTo("%22");
        assertThat(PathEscaper.escape("#")).isEqualTo("%23");
        assertThat(PathEscaper.escape("%")).isEqualTo("%25");
        assertThat(PathEscaper.escape("'")).isEqualTo("%27");
        assertThat(PathEscaper.escape("*")).isEqualTo("%2A");
        assertThat(PathEscaper.escape("/")).isEqualTo("%2F");
        assertThat(PathEscaper.escape(":")).isEqualTo("%3A");
        assertThat(PathEscaper.escape("=")).isEqualTo("%3D");
        assertThat(PathEscaper.escape("?")).isEqualTo("%3F");
        assertThat(PathEscaper.escape("\\")).isEqualTo("%5C");
        assertThat(PathEscaper.escape("\u007F")).isEqualTo("%7F");
        assertThat(PathEscaper.escape("{")).isEqualTo("%7B");
        assertThat(PathEscaper.escape("}")).isEqualTo("%7D");
        assertThat(PathEscaper.escape("[")).isEqualTo("%5B");
        assertThat(PathEscaper.escape("]")).isEqualTo("%5D");
        assertThat(PathEscaper.escape("^")).isEqualTo("%5E");
    }

    @Test
    void everyOtherAsciiCharacterIsKept() {
        for (char c = 0x20; c < 0x7F; c++) {
            if (SPECIAL.indexOf(c) < 0) {
                assertThat(PathEscaper.needsEscaping(c)).as("char '%s'", c).isFalse();
                assertThat(PathEscaper.escape(String.valueOf(c))).isEqualTo(String.valueOf(c));
            }
        }
    }

    @Test
    void keepsSpaceAndNonAscii() {
        assertThat(PathEscaper.escape("a b")).isEqualTo("a b");
        assertThat(PathEscaper.escape("café")).isEqualTo("café");
        assertThat(PathEscaper.escape("日本")).isEqualTo("日本");
        assertThat(PathEscaper.escape("日本/é")).isEqualTo("日本%2Fé");
        assertThat(PathEscaper.escape("")).isEmpty();
    }

    @Test
    void escapesMixedText() {
        assertThat(PathEscaper.escape("a/b=c")).isEqualTo("a%2Fb%3Dc");
        assertThat(PathEscaper.escape("x%2Fy")).isEqualTo("x%252Fy");
        assertThat(PathEscaper.escape("2024-01-01 10:00:00")).isEqualTo("2024-01-01 10%3A00%3A00");
    }

    @Test
    void unescapeDecodesBothCases() {
        assertThat(PathEscaper.unescape("a%2Fb%3Dc")).isEqualTo("a/b=c");
        assertThat(PathEscaper.unescape("a%2fb")).isEqualTo("a/b");
        assertThat(PathEscaper.unescape("plain")).isEqualTo("plain");
        assertThat(PathEscaper.unescape("%25")).isEqualTo("%");
    }

    @Test
    void percentWithoutTwoHexDigitsIsKept() {
        assertThat(PathEscaper.unescape("50%")).isEqualTo("50%");
        assertThat(PathEscaper.unescape("%zz")).isEqualTo("%zz");
        assertThat(PathEscaper.unescape("%4")).isEqualTo("%4");
        assertThat(PathEscaper.unescape("%4g")).isEqualTo("%4g");
        assertThat(PathEscaper.unescape("a%%41")).isEqualTo("a%A");
        assertThat(PathEscaper.unescape("%")).isEqualTo("%");
    }

    @Test
    void unescapeReversesEscapeForRandomStrings() {
        Random random = new Random(42);
        String pool = SPECIAL + " abcXYZ019-_.,;~@!$&()+" + "éü日本語\u00A0\u2603";
        for (int i = 0; i < 1000; i++) {
            int length = random.nextInt(20);
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < length; j++) {
                int kind = random.nextInt(4);
                if (kind == 0) {
                    sb.append((char) random.nextInt(0x80));
                } else if (kind == 1) {
                    sb.append((char) (0x80 + random.nextInt(0xD000)));
                } else {
                    sb.append(pool.charAt(random.nextInt(pool.length())));
                }
            }
            String text = sb.toString();
            String escaped = PathEscaper.escape(text);
            assertThat(PathEscaper.unescape(escaped))
                    .as("round trip of %s", escaped)
                    .isEqualTo(text);
            for (char c : escaped.toCharArray()) {
                if (c != '%') {
                    assertThat(PathEscaper.needsEscaping(c)).isFalse();
                }
            }
        }
    }
}

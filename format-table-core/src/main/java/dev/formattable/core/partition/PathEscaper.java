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

/**
 * Hive-style escaping of partition keys and values in directory names: characters that a path or a
 * {@code key=value} name cannot hold become {@code %XX} (upper-case hex). Space and characters
 * beyond ASCII are kept as they are.
 */
public final class PathEscaper {

    private static final boolean[] ESCAPED = new boolean[128];

    static {
        for (char c = 0; c < ' '; c++) {
            ESCAPED[c] = true;
        }
        for (char c : "\"#%'*/:=?\\\u007F{}[]^".toCharArray()) {
            ESCAPED[c] = true;
        }
    }

    private PathEscaper() {}

    public static boolean needsEscaping(char c) {
        return c < ESCAPED.length && ESCAPED[c];
    }

    public static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (needsEscaping(c)) {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
                sb.append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** Reverses {@link #escape}; a {@code %} not followed by two hex digits is kept as it is. */
    public static String unescape(String text) {
        int first = text.indexOf('%');
        if (first < 0) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length()).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length()) {
                int hi = Character.digit(text.charAt(i + 1), 16);
                int lo = Character.digit(text.charAt(i + 2), 16);
                if (hi >= 0 && lo >= 0) {
                    sb.append((char) ((hi << 4) | lo));
                    i += 2;
                    continue;
                }
            }
            sb.append(c);
        }
        return sb.toString();
    }
}

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

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a partition's age is told for its expiration ({@code partition.expiration-strategy}). */
public enum ExpirationStrategy {
    /** From the time the partition's values stand for. */
    VALUES_TIME("values-time"),
    /** From the newest modification time of the partition's files. */
    UPDATE_TIME("update-time");

    private final String text;

    ExpirationStrategy(String text) {
        this.text = text;
    }

    /** The strategy's name in options and procedures. */
    public String text() {
        return text;
    }

    /**
     * The strategy of that name, in any case.
     *
     * @throws IllegalArgumentException naming key, value and the strategies there are
     */
    public static ExpirationStrategy of(String key, String value) {
        for (ExpirationStrategy s : values()) {
            if (s.text.equals(value.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw Range.refused(
                key,
                value,
                "is not a strategy; expected one of "
                        + Arrays.stream(values())
                                .map(s -> "'" + s.text + "'")
                                .collect(Collectors.joining(", ")));
    }
}

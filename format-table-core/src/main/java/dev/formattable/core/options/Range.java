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

/**
 * The range a numeric option's value must lie in, with the phrase that says so in an error: {@code
 * 'key'='value' must be at least 1}. Memory sizes are measured in bytes, durations in milliseconds.
 */
public final class Range {

    private final long min;
    private final long max;
    private final String phrase;

    private Range(long min, long max, String phrase) {
        this.min = min;
        this.max = max;
        this.phrase = phrase;
    }

    /** Greater than zero. */
    public static Range positive() {
        return new Range(1, Long.MAX_VALUE, "must be positive");
    }

    /** Zero or more. */
    public static Range notNegative() {
        return new Range(0, Long.MAX_VALUE, "must not be negative");
    }

    /** At least {@code min}, named as {@code text} (for example "1 kb"). */
    public static Range atLeast(long min, String text) {
        return new Range(min, Long.MAX_VALUE, "must be at least " + text);
    }

    /** At least {@code min}. */
    public static Range atLeast(long min) {
        return atLeast(min, String.valueOf(min));
    }

    /** From {@code min} to {@code max}, both included. */
    public static Range between(long min, long max) {
        return new Range(min, max, "must be between " + min + " and " + max);
    }

    public boolean contains(long value) {
        return value >= min && value <= max;
    }

    /** What an error says of a value outside the range: {@code "must be at least 1"}. */
    public String phrase() {
        return phrase;
    }

    /**
     * Refuses {@code value} of {@code key} when its measure lies outside the range.
     *
     * @throws IllegalArgumentException {@code "'key'='value' must be ..."}
     */
    public void check(String key, String value, long measured) {
        if (!contains(measured)) {
            throw refused(key, value, phrase);
        }
    }

    /**
     * The one form every refused option value takes: {@code "'key'='value' <why>"}, with the key as
     * the user gave it and the value as written.
     */
    public static IllegalArgumentException refused(String key, String value, String why) {
        return new IllegalArgumentException(String.format("'%s'='%s' %s", key, value, why));
    }
}

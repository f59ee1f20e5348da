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

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as Flink and Paimon write them in options: a whole number and a unit ({@code 500 ms},
 * {@code 30 s}, {@code 10 min}, {@code 12 h}, {@code 7 d}; long names such as {@code days} too), or
 * a bare number of milliseconds.
 */
public final class Durations {

    private static final Pattern PATTERN = Pattern.compile("\\s*(\\d+)\\s*([a-zA-Z]*)\\s*");

    private Durations() {}

    /**
     * Parses a duration.
     *
     * @throws IllegalArgumentException naming the text when it is not a duration
     */
    public static Duration parse(String text) {
        Matcher m = PATTERN.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration");
        }
        long amount;
        try {
            amount = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration");
        }
        ChronoUnit unit;
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "":
            case "ms":
            case "milli":
            case "millis":
            case "millisecond":
            case "milliseconds":
                unit = ChronoUnit.MILLIS;
                break;
            case "s":
            case "sec":
            case "secs":
            case "second":
            case "seconds":
                unit = ChronoUnit.SECONDS;
                break;
            case "m":
            case "min":
            case "mins":
            case "minute":
            case "minutes":
                unit = ChronoUnit.MINUTES;
                break;
            case "h":
            case "hour":
            case "hours":
                unit = ChronoUnit.HOURS;
                break;
            case "d":
            case "day":
            case "days":
                unit = ChronoUnit.DAYS;
                break;
            default:
                throw new IllegalArgumentException(
                        "'" + text + "' has an unknown time unit (ms, s, min, h, d)");
        }
        try {
            return Duration.of(amount, unit);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration");
        }
    }
}

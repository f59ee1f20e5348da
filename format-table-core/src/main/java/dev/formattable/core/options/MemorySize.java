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

import java.io.Serializable;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A number of bytes, written as {@code 256 mb}, {@code 1gb}, {@code 4096} and the like. */
public final class MemorySize implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Pattern PATTERN =
            Pattern.compile("\\s*(\\d+)\\s*([a-zA-Z]*)\\s*", Pattern.CASE_INSENSITIVE);

    private final long bytes;

    private MemorySize(long bytes) {
        this.bytes = bytes;
    }

    public static MemorySize ofBytes(long bytes) {
        return new MemorySize(bytes);
    }

    public static MemorySize ofMebiBytes(long mebiBytes) {
        return new MemorySize(mebiBytes << 20);
    }

    /**
     * Parses a size. Units are b, k/kb, m/mb, g/gb, t/tb (powers of 1024), in any case.
     *
     * @throws IllegalArgumentException naming the text when it is not a size
     */
    public static MemorySize parse(String text) {
        Matcher m = PATTERN.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a memory size");
        }
        long number;
        try {
            number = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large a memory size");
        }
        int shift;
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "":
            case "b":
            case "bytes":
                shift = 0;
                break;
            case "k":
            case "kb":
                shift = 10;
                break;
            case "m":
            case "mb":
                shift = 20;
                break;
            case "g":
            case "gb":
                shift = 30;
                break;
            case "t":
            case "tb":
                shift = 40;
                break;
            default:
                throw new IllegalArgumentException(
                        "'" + text + "' has an unknown unit '" + m.group(2) + "'");
        }
        if (shift > 0 && Long.numberOfLeadingZeros(number) <= shift) {
            throw new IllegalArgumentException("'" + text + "' is too large a memory size");
        }
        return new MemorySize(number << shift);
    }

    public long getBytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemorySize && ((MemorySize) o).bytes == bytes;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bytes);
    }

    @Override
    public String toString() {
        String[] units = {"b", "kb", "mb", "gb", "tb"};
        long value = bytes;
        int unit = 0;
        while (unit < units.length - 1 && value != 0 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return value + " " + units[unit];
    }
}

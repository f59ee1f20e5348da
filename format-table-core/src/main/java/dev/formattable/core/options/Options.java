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
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** An immutable set of string options, read through declared {@link ConfigOption}s. */
public final class Options implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Map<String, String> map;

    public Options(Map<String, String> map) {
        this.map = Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    public static Options empty() {
        return new Options(Map.of());
    }

    public Map<String, String> toMap() {
        return map;
    }

    /** The raw text of an option under its key or a fallback key, if any is set. */
    public Optional<String> getRaw(ConfigOption<?> option) {
        if (map.containsKey(option.key())) {
            return Optional.of(map.get(option.key()));
        }
        for (String fallback : option.fallbackKeys()) {
            if (map.containsKey(fallback)) {
                return Optional.of(map.get(fallback));
            }
        }
        return Optional.empty();
    }

    /** The key under which an option is actually set: its own key or a fallback key. */
    public String keyInUse(ConfigOption<?> option) {
        if (!map.containsKey(option.key())) {
            for (String fallback : option.fallbackKeys()) {
                if (map.containsKey(fallback)) {
                    return fallback;
                }
            }
        }
        return option.key();
    }

    /**
     * The typed value of an option, or its default.
     *
     * @throws IllegalArgumentException naming key and value when the text is not of the type
     */
    public <T> T get(ConfigOption<T> option) {
        Optional<String> raw = getRaw(option);
        if (raw.isEmpty()) {
            return option.defaultValue();
        }
        return convert(keyInUse(option), raw.get(), option.type());
    }

    private static <T> T convert(String key, String value, Class<T> type) {
        Object result;
        try {
            if (type == String.class) {
                result = value;
            } else if (type == Boolean.class) {
                String v = value.trim().toLowerCase(Locale.ROOT);
                if (!v.equals("true") && !v.equals("false")) {
                    throw new IllegalArgumentException("not a boolean");
                }
                result = Boolean.valueOf(v);
            } else if (type == Integer.class) {
                result = Integer.valueOf(value.trim());
            } else if (type == Long.class) {
                result = Long.valueOf(value.trim());
            } else if (type == MemorySize.class) {
                result = MemorySize.parse(value);
            } else if (type == Duration.class) {
                result = Durations.parse(value);
            } else {
                throw new IllegalStateException("Unsupported option type " + type);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    String.format(
                            "'%s'='%s' is not a valid %s",
                            key, value, type.getSimpleName().toLowerCase(Locale.ROOT)),
                    e);
        }
        return type.cast(result);
    }

    /**
     * Merges stored options with the options of one call. The call's options win, except {@code
     * type}, which only the stored options may set.
     */
    public static Options merge(Map<String, String> stored, Map<String, String> dynamic) {
        Map<String, String> merged = new LinkedHashMap<>(stored);
        String typeKey = FormatTableOptions.TYPE.key();
        dynamic.forEach(
                (k, v) -> {
                    if (!k.equals(typeKey)) {
                        merged.put(k, v);
                    }
                });
        return new Options(merged);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Options && ((Options) o).map.equals(map);
    }

    @Override
    public int hashCode() {
        return map.hashCode();
    }

    @Override
    public String toString() {
        return map.toString();
    }
}

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
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One declared option: its key, the keys it falls back to, its value type, its default and a
 * description. Options are declared once, in {@link FormatTableOptions}.
 *
 * @param <T> the type of the option's value
 */
public final class ConfigOption<T> {

    private final String key;
    private final Class<T> type;
    private final T defaultValue;
    private final String defaultDescription;
    private final String description;
    private final List<String> fallbackKeys;
    private final Range range;

    private ConfigOption(
            String key,
            Class<T> type,
            T defaultValue,
            String defaultDescription,
            String description,
            List<String> fallbackKeys,
            Range range) {
        this.range = range;
        this.key = Objects.requireNonNull(key);
        this.type = Objects.requireNonNull(type);
        this.defaultValue = defaultValue;
        this.defaultDescription = defaultDescription;
        this.description = Objects.requireNonNull(description);
        this.fallbackKeys = fallbackKeys;
    }

    /** Starts declaring an option with the given key. */
    public static Builder key(String key) {
        return new Builder(key);
    }

    public String key() {
        return key;
    }

    public Class<T> type() {
        return type;
    }

    /** The default value, or {@code null} when there is none. */
    public T defaultValue() {
        return defaultValue;
    }

    /** How the default reads in documentation. */
    public String defaultDescription() {
        if (defaultDescription != null) {
            return defaultDescription;
        }
        return defaultValue == null ? "(none)" : String.valueOf(defaultValue);
    }

    public String description() {
        return description;
    }

    /** The range a numeric value must lie in, if the option declares one. */
    public Optional<Range> range() {
        return Optional.ofNullable(range);
    }

    /** Keys read, in order, when {@link #key()} is absent. */
    public List<String> fallbackKeys() {
        return fallbackKeys;
    }

    @Override
    public String toString() {
        return key;
    }

    /** Declares an option; finish with a value type. */
    public static final class Builder {
        private final String key;
        private String[] fallbackKeys = new String[0];
        private String defaultDescription;
        private Range range;

        private Builder(String key) {
            this.key = key;
        }

        public Builder fallbackKeys(String... keys) {
            this.fallbackKeys = keys;
            return this;
        }

        /** The range a numeric value must lie in; refused by key and value outside it. */
        public Builder range(Range range) {
            this.range = range;
            return this;
        }

        /** Documents a default that is computed rather than fixed. */
        public Builder defaultDescription(String text) {
            this.defaultDescription = text;
            return this;
        }

        public <T> ConfigOption<T> of(Class<T> type, T defaultValue, String description) {
            return new ConfigOption<>(
                    key,
                    type,
                    defaultValue,
                    defaultDescription,
                    description,
                    List.copyOf(Arrays.asList(fallbackKeys)),
                    range);
        }
    }
}

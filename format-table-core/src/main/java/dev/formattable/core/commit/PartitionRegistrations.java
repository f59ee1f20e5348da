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
package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.FormatTableSpec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What commits and maintenance tell a table's partition registry, in the registry's terms. */
public final class PartitionRegistrations {

    private PartitionRegistrations() {}

    /** A partition's values as a registry keeps them: text, with the NULL partition's name. */
    public static Map<String, String> spec(PartitionLayout layout, List<?> values) {
        Map<String, String> spec = new LinkedHashMap<>();
        layout.toSpec(values).forEach((k, v) -> spec.put(k, v == null ? layout.defaultName() : v));
        return spec;
    }

    /**
     * The partition a message writes to as a registry keeps it: the message's text, with the NULL
     * partition's name.
     */
    static Map<String, String> spec(PartitionLayout layout, CommitMessage message) {
        Map<String, String> spec = new LinkedHashMap<>();
        message.partition().forEach((k, v) -> spec.put(k, v == null ? layout.defaultName() : v));
        return spec;
    }

    /** A registered partition's values by key; null when they do not fit the keys. */
    private static Map<String, String> spec(PartitionLayout layout, RegisteredPartition p) {
        if (p.values().size() != layout.levels()) {
            return null;
        }
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < p.values().size(); i++) {
            spec.put(layout.keys().get(i), p.values().get(i));
        }
        return spec;
    }

    /**
     * Of the partitions the messages write to, those registered already at their directory under
     * the table (which a commit need not register again), in one request to the registry.
     *
     * @throws UnsupportedOperationException naming the partition and both directories when one is
     *     registered at another directory: its readers look there, so files published at the
     *     table's directory would never be read
     */
    static Set<Map<String, String>> registeredAtHome(
            FormatTableSpec table, Collection<CommitMessage> messages) throws IOException {
        if (table.partitionRegistry().isEmpty() || !table.layout().isPartitioned()) {
            return Set.of();
        }
        PartitionLayout layout = table.layout();
        Map<Map<String, String>, List<Object>> written = new LinkedHashMap<>();
        for (CommitMessage m : messages) {
            written.putIfAbsent(spec(layout, m), layout.parseSpec(m.partition()));
        }
        if (written.isEmpty()) {
            return Set.of();
        }
        Path root = table.qualifiedLocation();
        Set<Map<String, String>> home = new HashSet<>();
        for (RegisteredPartition p :
                table.partitionRegistry().get().get(new ArrayList<>(written.keySet()))) {
            Map<String, String> spec = spec(layout, p);
            List<Object> values = spec == null ? null : written.get(spec);
            if (values == null) {
                continue;
            }
            if (p.location() != null && !layout.isDirectoryOf(root, p.location(), values)) {
                throw new UnsupportedOperationException(
                        String.format(
                                "Cannot write to partition %s of the table at %s: its catalog"
                                        + " keeps it at %s, not at its directory under the table"
                                        + " (%s). Writing to partitions kept at other locations"
                                        + " is not supported; nothing was published",
                                spec, table.location(), p.location(), layout.relativePath(values)));
            }
            home.add(spec);
        }
        return home;
    }

    /**
     * Unregisters the registered partitions below {@code prefix} (all when it is empty), except
     * those in {@code keep}: partitions an overwrite or a drop leaves with nothing in them, or, for
     * a drop, kept at another location (whose files a drop leaves). Each is named as the registry
     * spells it. Safe to repeat.
     *
     * @param keep partitions to leave registered, as {@link PartitionLayout#toSpec} renders them
     */
    static void unregisterBelow(
            FormatTableSpec table, List<Object> prefix, Set<Map<String, String>> keep)
            throws IOException {
        if (table.partitionRegistry().isEmpty() || !table.layout().isPartitioned()) {
            return;
        }
        PartitionRegistry registry = table.partitionRegistry().get();
        PartitionLayout layout = table.layout();
        Map<String, String> wanted = layout.toSpec(prefix);
        List<Map<String, String>> emptied = new ArrayList<>();
        for (RegisteredPartition p :
                registry.list(prefix.isEmpty() ? List.of() : List.of(spec(layout, prefix)))) {
            Map<String, String> registered = spec(layout, p);
            if (registered == null) {
                continue;
            }
            Map<String, String> rendered;
            try {
                rendered = layout.toSpec(layout.parseSpec(registered));
            } catch (IllegalArgumentException e) {
                continue; // not one of ours to judge; reads refuse it by name
            }
            boolean below = true;
            for (Map.Entry<String, String> e : wanted.entrySet()) {
                below &= Objects.equals(e.getValue(), rendered.get(e.getKey()));
            }
            if (below && !keep.contains(rendered)) {
                emptied.add(registered);
            }
        }
        if (!emptied.isEmpty()) {
            registry.unregister(emptied);
        }
    }
}

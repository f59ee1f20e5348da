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
package dev.formattable.core.scan;

import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.BoundPartitionPredicate;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.utils.Parallel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the partition directories a predicate may need, listing as little as it can.
 *
 * <p>Leading levels whose values are pinned ({@link PinnedPrefixes}) are not listed at all: they
 * become path prefixes, and listing starts below them. Every further level is listed, all
 * directories of a level at once, and a directory is dropped as soon as the values known so far
 * rule the predicate out.
 */
final class PartitionDiscovery {

    /** Beyond this many pinned prefixes, the remaining levels are listed instead. */
    private static final int MAX_PREFIXES = 10_000;

    private final FileListing listing;
    private final PartitionLayout layout;
    private final BoundPartitionPredicate predicate;
    private final int parallelism;

    PartitionDiscovery(
            FileListing listing,
            PartitionLayout layout,
            BoundPartitionPredicate predicate,
            int parallelism) {
        this.listing = listing;
        this.layout = layout;
        this.predicate = predicate;
        this.parallelism = parallelism;
    }

    /** A directory with the partition values of the levels above and including it. */
    static final class Node {
        final Path path;
        final List<Object> values;

        Node(Path path, List<Object> values) {
            this.path = path;
            this.values = values;
        }
    }

    /** The partition (leaf) directories below {@code root} that may satisfy the predicate. */
    List<Node> discover(Path root, List<Object> fixedPrefix) throws IOException {
        // Pinned levels: build paths without listing.
        List<List<Object>> prefixes =
                PinnedPrefixes.of(layout, predicate, fixedPrefix, MAX_PREFIXES);
        List<Node> current = new ArrayList<>();
        for (List<Object> prefix : prefixes) {
            List<Path> paths = List.of(root);
            for (int level = 0; level < prefix.size(); level++) {
                List<Path> spelled = new ArrayList<>();
                for (Path p : paths) {
                    for (String name : layout.directoryNameSpellings(level, prefix.get(level))) {
                        spelled.add(p.child(name));
                    }
                }
                paths = spelled;
            }
            paths.forEach(p -> current.add(new Node(p, prefix)));
        }
        int level = prefixes.isEmpty() ? layout.levels() : prefixes.get(0).size();
        // Remaining levels: list, parse and prune.
        for (; level < layout.levels(); level++) {
            final int lvl = level;
            final List<Node> parents = current;
            List<Node> next = new ArrayList<>();
            List<List<FileStatus>> listed =
                    Parallel.map(parents, parallelism, n -> listing.listOrEmpty(n.path));
            for (int i = 0; i < listed.size(); i++) {
                Node parent = parents.get(i);
                for (FileStatus child : listed.get(i)) {
                    if (!child.isDirectory()) {
                        continue;
                    }
                    Optional<Object[]> parsed = parse(lvl, child.path());
                    if (parsed.isEmpty()) {
                        continue;
                    }
                    List<Object> values = append(parent.values, parsed.get()[0]);
                    if (predicate == null || predicate.mayMatch(values)) {
                        next.add(new Node(child.path(), values));
                    }
                }
            }
            current.clear();
            current.addAll(next);
        }
        if (predicate != null) {
            current.removeIf(n -> !predicate.test(n.values));
        }
        return current;
    }

    private Optional<Object[]> parse(int level, Path dir) {
        try {
            return layout.parseDirectoryName(level, dir.name());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Partition directory " + dir + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static List<Object> append(List<Object> values, Object value) {
        List<Object> result = new ArrayList<>(values.size() + 1);
        result.addAll(values);
        result.add(value);
        return result;
    }
}

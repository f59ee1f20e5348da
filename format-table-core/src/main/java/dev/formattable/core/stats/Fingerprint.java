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
package dev.formattable.core.stats;

import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The data files some statistics were computed from: name (relative to the partition directory),
 * size and modification time of each. Comparing the stored fingerprint with the files a partition
 * has now tells whether the statistics still hold, hold for a part to which new files only add, or
 * no longer hold.
 */
public final class Fingerprint implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How a partition's files changed since statistics were computed. */
    public enum Kind {
        /** The same files: the statistics hold. */
        UNCHANGED,
        /** Every file is still there unchanged, and there are new ones: add theirs. */
        ONLY_ADDED,
        /** A file was removed or changed: compute the partition again. */
        CHANGED
    }

    /** The outcome of {@link #changesTo}. */
    public static final class Change {
        private final Kind kind;
        private final List<FileEntry> added;

        private Change(Kind kind, List<FileEntry> added) {
            this.kind = kind;
            this.added = Collections.unmodifiableList(added);
        }

        public Kind kind() {
            return kind;
        }

        /** The new files when {@link Kind#ONLY_ADDED}; empty otherwise. */
        public List<FileEntry> added() {
            return added;
        }

        @Override
        public String toString() {
            return kind + (added.isEmpty() ? "" : " " + added);
        }
    }

    /** One data file. */
    public record FileEntry(String name, long size, long modificationTime) implements Serializable {
        public FileEntry {
            Objects.requireNonNull(name);
            if (name.isEmpty() || size < 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "A fingerprint entry needs a name and a size >= 0, not '%s' of"
                                        + " %d bytes",
                                name, size));
            }
        }
    }

    private static final Fingerprint EMPTY = new Fingerprint(new TreeMap<>());

    // By name, so that equal sets of files give equal fingerprints in any listing order.
    private final TreeMap<String, FileEntry> files;

    private Fingerprint(TreeMap<String, FileEntry> files) {
        this.files = files;
    }

    public static Fingerprint empty() {
        return EMPTY;
    }

    /**
     * @throws IllegalArgumentException when two entries have one name
     */
    public static Fingerprint of(Collection<FileEntry> entries) {
        return of(entries, false);
    }

    private static Fingerprint of(Collection<FileEntry> entries, boolean sameTwiceIsOnce) {
        TreeMap<String, FileEntry> map = new TreeMap<>();
        for (FileEntry e : entries) {
            FileEntry before = map.put(e.name(), e);
            if (before != null && !(sameTwiceIsOnce && before.equals(e))) {
                throw new IllegalArgumentException(
                        String.format("The file '%s' is in a fingerprint twice", e.name()));
            }
        }
        return new Fingerprint(map);
    }

    /**
     * The fingerprint of the splits of one partition, named relative to its directory. A file read
     * as several splits counts once.
     */
    public static Fingerprint ofSplits(Path partitionDirectory, Collection<DataSplit> splits) {
        List<FileEntry> entries = new ArrayList<>(splits.size());
        for (DataSplit s : splits) {
            entries.add(
                    new FileEntry(
                            s.path().relativeTo(partitionDirectory),
                            s.fileSize(),
                            s.modificationTime()));
        }
        return of(entries, true);
    }

    /** The files, ordered by name. */
    public List<FileEntry> files() {
        return List.copyOf(files.values());
    }

    public int size() {
        return files.size();
    }

    /**
     * The files of both, for statistics of disjoint files merged.
     *
     * @throws IllegalArgumentException when a file is in both: its rows would count twice
     */
    public Fingerprint union(Fingerprint other) {
        TreeMap<String, FileEntry> map = new TreeMap<>(files);
        for (FileEntry e : other.files.values()) {
            if (map.put(e.name(), e) != null) {
                throw new IllegalArgumentException(
                        String.format(
                                "The file '%s' is in both fingerprints; its rows would count"
                                        + " twice",
                                e.name()));
            }
        }
        return new Fingerprint(map);
    }

    /** How {@code current}, the files a partition has now, differs from this stored fingerprint. */
    public Change changesTo(Fingerprint current) {
        for (Map.Entry<String, FileEntry> e : files.entrySet()) {
            if (!e.getValue().equals(current.files.get(e.getKey()))) {
                return new Change(Kind.CHANGED, List.of());
            }
        }
        if (current.files.size() == files.size()) {
            return new Change(Kind.UNCHANGED, List.of());
        }
        List<FileEntry> added = new ArrayList<>();
        for (FileEntry e : current.files.values()) {
            if (!files.containsKey(e.name())) {
                added.add(e);
            }
        }
        return new Change(Kind.ONLY_ADDED, added);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint && ((Fingerprint) o).files.equals(files);
    }

    @Override
    public int hashCode() {
        return files.hashCode();
    }

    @Override
    public String toString() {
        return files.values().toString();
    }
}

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

import dev.formattable.core.commit.LeftoverNames;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.SeekableInputStream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Reads and writes the statistics file of a partition: {@value #FILE_NAME} in the partition's
 * directory, or in the table's root for an unpartitioned table.
 *
 * <p>The name starts with a dot, so no reader takes the file for data: not our scan, nor Paimon,
 * nor Flink's filesystem connector, nor DuckDB, which all skip hidden names. Removing the
 * partition's directory removes its statistics.
 *
 * <p>Statistics are a hint and never break a read: {@link #read} answers empty, with one warning,
 * for a file it cannot trust (unknown version, damage, impossible values, an I/O error), and never
 * throws.
 */
public final class StatisticsStore {

    /** The name of the statistics file in a partition directory. */
    public static final String FILE_NAME = dev.formattable.core.scan.ScanPlan.STATISTICS_FILE_NAME;

    private static final Logger LOG = LoggerFactory.getLogger(StatisticsStore.class);

    private final FileIO fileIO;

    public StatisticsStore(FileIO fileIO) {
        this.fileIO = fileIO;
    }

    public static Path fileOf(Path partitionDirectory) {
        return partitionDirectory.child(FILE_NAME);
    }

    /**
     * The statistics stored for a partition, or empty when there are none or they cannot be trusted
     * (then with one warning naming the file and the reason).
     */
    public Optional<PartitionStatistics> read(Path partitionDirectory) {
        Path file = fileOf(partitionDirectory);
        byte[] bytes;
        try (SeekableInputStream in = fileIO.newInputStream(file)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("Ignoring the statistics in {}: it cannot be read: {}", file, e.toString());
            return Optional.empty();
        }
        try {
            return Optional.of(StatisticsFormat.decode(bytes));
        } catch (StatisticsFormat.UnreadableException e) {
            LOG.warn("Ignoring the statistics in {}: {}", file, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            // A sketch library that rejects its input in its own way, or cannot load at all: the
            // memory library of datasketches-java 6.x refuses JDKs other than 8, 11, 17 and 21.
            LOG.warn("Ignoring the statistics in {}: it cannot be decoded: {}", file, e.toString());
        }
        return Optional.empty();
    }

    /**
     * The stored statistics of a partition when they were computed from exactly the files it has
     * now; empty otherwise, with one warning when stored statistics are stale.
     */
    public Optional<PartitionStatistics> readCurrent(Path partitionDirectory, Fingerprint current) {
        Optional<PartitionStatistics> stored = read(partitionDirectory);
        if (stored.isEmpty()) {
            return stored;
        }
        Fingerprint.Change change = stored.get().fingerprint().changesTo(current);
        if (change.kind() != Fingerprint.Kind.UNCHANGED) {
            LOG.warn(
                    "Ignoring the statistics in {}: the partition's files changed since they were"
                            + " computed ({})",
                    fileOf(partitionDirectory),
                    change.kind());
            return Optional.empty();
        }
        return stored;
    }

    /**
     * Replaces the statistics of a partition. The new file is written under a hidden temporary name
     * and renamed into place, so a reader sees the old file, no file, or the new one, never a part
     * of one.
     */
    public void write(Path partitionDirectory, PartitionStatistics stats) throws IOException {
        byte[] bytes = StatisticsFormat.encode(stats);
        Path target = fileOf(partitionDirectory);
        Path temp = partitionDirectory.child(LeftoverNames.newTemporaryStatisticsName());
        try (PositionOutputStream out = fileIO.newOutputStream(temp, false)) {
            out.write(bytes);
        }
        // FileIO's rename never replaces: make room first. Between the two steps a reader finds
        // no statistics, which is allowed.
        try {
            fileIO.delete(target, false);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw e;
        }
        try {
            fileIO.rename(temp, target);
        } catch (IOException e) {
            deleteQuietly(temp);
            if (!fileIO.exists(target)) {
                throw e;
            }
            // Another writer took the place (or the rename took effect and its answer was lost):
            // what is there is statistics of the same files or of newer ones.
            LOG.info("Statistics {} were written concurrently; keeping what is there", target);
        }
    }

    /**
     * Removes the statistics of a partition.
     *
     * @return false when it had none
     */
    public boolean delete(Path partitionDirectory) throws IOException {
        return fileIO.delete(fileOf(partitionDirectory), false);
    }

    private void deleteQuietly(Path temp) {
        try {
            fileIO.delete(temp, false);
        } catch (IOException e) {
            LOG.warn("Could not delete the temporary statistics file {}", temp, e);
        }
    }
}

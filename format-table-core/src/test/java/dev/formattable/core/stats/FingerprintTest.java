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
import dev.formattable.core.stats.Fingerprint.FileEntry;
import dev.formattable.core.stats.Fingerprint.Kind;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a partition's files now say about statistics computed before. */
class FingerprintTest {

    private static final FileEntry A = new FileEntry("data-a.parquet", 100, 1_000);
    private static final FileEntry B = new FileEntry("data-b.parquet", 200, 2_000);
    private static final FileEntry C = new FileEntry("data-c.parquet", 300, 3_000);

    @Test
    void theSameFilesInAnyOrderAreUnchanged() {
        Fingerprint stored = Fingerprint.of(List.of(A, B));
        Fingerprint.Change change = stored.changesTo(Fingerprint.of(List.of(B, A)));

        assertThat(change.kind()).isEqualTo(Kind.UNCHANGED);
        assertThat(change.added()).isEmpty();
    }

    @Test
    void newFilesBesideUnchangedOnesAreOnlyAdded() {
        Fingerprint.Change change =
                Fingerprint.of(List.of(A)).changesTo(Fingerprint.of(List.of(C, A, B)));

        assertThat(change.kind()).isEqualTo(Kind.ONLY_ADDED);
        assertThat(change.added()).containsExactly(B, C);
        assertThat(Fingerprint.empty().changesTo(Fingerprint.of(List.of(A))).added())
                .containsExactly(A);
    }

    @Test
    void aRemovedOrRewrittenFileIsChanged() {
        Fingerprint stored = Fingerprint.of(List.of(A, B));

        assertThat(stored.changesTo(Fingerprint.of(List.of(A))).kind()).isEqualTo(Kind.CHANGED);
        assertThat(stored.changesTo(Fingerprint.of(List.of(A, C))).kind()).isEqualTo(Kind.CHANGED);
        FileEntry resized = new FileEntry(B.name(), 201, B.modificationTime());
        assertThat(stored.changesTo(Fingerprint.of(List.of(A, resized, C))).kind())
                .isEqualTo(Kind.CHANGED);
        FileEntry touched = new FileEntry(B.name(), B.size(), 2_001);
        assertThat(stored.changesTo(Fingerprint.of(List.of(A, touched))).kind())
                .isEqualTo(Kind.CHANGED);
    }

    @Test
    void splitsAreNamedRelativeToTheirPartition() {
        Path partition = Path.of("/warehouse/t/dt=2024-01-01");
        List<DataSplit> splits =
                List.of(
                        new DataSplit(partition.child("data-b.parquet"), 200, 2_000, List.of()),
                        new DataSplit(partition.child("data-a.parquet"), 100, 1_000, List.of()));

        assertThat(Fingerprint.ofSplits(partition, splits).files()).containsExactly(A, B);
        // A file read as two splits is one file; two differing views of a file are refused.
        List<DataSplit> twice = List.of(splits.get(0), splits.get(0));
        assertThat(Fingerprint.ofSplits(partition, twice).files()).containsExactly(B);
        DataSplit other = new DataSplit(partition.child("data-b.parquet"), 1, 2_000, List.of());
        assertThatThrownBy(() -> Fingerprint.ofSplits(partition, List.of(splits.get(0), other)))
                .hasMessageContaining("'data-b.parquet' is in a fingerprint twice");
    }

    @Test
    void aFileTwiceIsRefused() {
        assertThatThrownBy(() -> Fingerprint.of(List.of(A, A)))
                .hasMessageContaining("'data-a.parquet' is in a fingerprint twice");
        Fingerprint a = Fingerprint.of(List.of(A));
        assertThatThrownBy(() -> a.union(a)).hasMessageContaining("would count twice");
        assertThat(a.union(Fingerprint.of(List.of(B))).files()).containsExactly(A, B);
    }
}

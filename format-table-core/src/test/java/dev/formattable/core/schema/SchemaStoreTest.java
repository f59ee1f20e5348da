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
package dev.formattable.core.schema;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Versions of a table's schema files, and concurrent writers of them. */
class SchemaStoreTest {

    @TempDir java.nio.file.Path dir;

    private SchemaStore store() {
        return new SchemaStore(new LocalFileIO(), Path.of(dir.toString()));
    }

    @Test
    void versionsFollowEachOther() throws IOException {
        SchemaStore store = store();
        assertThat(store.latest()).isEmpty();

        assertThat(store.commit(SchemaJsonTest.sample(), Optional.empty())).isZero();
        assertThat(store.commit(SchemaJsonTest.sample(), Optional.of(0L))).isEqualTo(1);

        assertThat(store.latestId()).contains(1L);
        assertThat(store.latest().get().fieldNames())
                .isEqualTo(SchemaJsonTest.sample().fieldNames());
        try (Stream<java.nio.file.Path> files = Files.list(dir.resolve("schema"))) {
            assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toList()))
                    .containsExactlyInAnyOrder("schema-0", "schema-1");
        }
    }

    @Test
    void aStaleChangeIsRefused() throws IOException {
        SchemaStore store = store();
        store.commit(SchemaJsonTest.sample(), Optional.empty());

        assertThatThrownBy(() -> store.commit(SchemaJsonTest.sample(), Optional.empty()))
                .isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("already exists");
        store.commit(SchemaJsonTest.sample(), Optional.of(0L));
        assertThatThrownBy(() -> store.commit(SchemaJsonTest.sample(), Optional.of(0L)))
                .hasMessageContaining("changed concurrently: expected version 0, found 1");
    }

    @Test
    void ofManyConcurrentCreatorsExactlyOneWins() throws Exception {
        int creators = 8;
        for (int round = 0; round < 20; round++) {
            java.nio.file.Path table = dir.resolve("t" + round);
            SchemaStore store = new SchemaStore(new LocalFileIO(), Path.of(table.toString()));
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(creators);
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < creators; i++) {
                results.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    return store.commit(SchemaJsonTest.sample(), Optional.empty());
                                }));
            }
            start.countDown();
            int won = 0;
            int lost = 0;
            for (Future<Long> r : results) {
                try {
                    r.get();
                    won++;
                } catch (java.util.concurrent.ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(SchemaConflictException.class);
                    lost++;
                }
            }
            pool.shutdown();
            assertThat(won).as("round " + round).isEqualTo(1);
            assertThat(lost).isEqualTo(creators - 1);
            try (Stream<java.nio.file.Path> files = Files.list(table.resolve("schema"))) {
                assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toList()))
                        .containsExactly("schema-0");
            }
        }
    }
}

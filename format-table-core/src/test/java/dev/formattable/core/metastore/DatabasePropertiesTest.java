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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatabasePropertiesTest {

    @TempDir java.nio.file.Path dir;

    @Test
    void propertiesAreWrittenAndReadBackAndAMissingFileIsNone() throws IOException {
        LocalFileIO io = new LocalFileIO();
        Path db = Path.of(dir.resolve("d.db").toString());
        io.mkdirs(db);
        assertThat(DatabaseProperties.read(io, db)).isEmpty();

        DatabaseProperties.write(io, db, Map.of("owner", "ops", "note", "a=b"));

        assertThat(DatabaseProperties.read(io, db))
                .containsExactlyInAnyOrderEntriesOf(Map.of("owner", "ops", "note", "a=b"));
    }

    /** Before, the error carried no message of its own: only the cause's. */
    @Test
    void aFailedReadNamesTheFile() throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new LocalFileIO());
        Path db = Path.of(dir.resolve("d.db").toString());
        io.mkdirs(db);
        DatabaseProperties.write(io, db, Map.of("owner", "ops"));
        io.failOn(Op.READ, 1);

        assertThatThrownBy(() -> DatabaseProperties.read(io, db))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith(
                        "Cannot read the database properties "
                                + db.child(DatabaseProperties.FILE)
                                + ": Injected failure of READ");
    }
}

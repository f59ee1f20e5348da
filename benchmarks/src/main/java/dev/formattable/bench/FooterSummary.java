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
package dev.formattable.bench;

import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a written parquet table holds, from its footers alone: rows and non-empty partitions. */
final class FooterSummary {

    // Plain options: a Hadoop configuration per file would reload its XML resources each time.
    private static final ParquetReadOptions OPTIONS = ParquetReadOptions.builder().build();

    private FooterSummary() {}

    static String summary(Path dir) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Dirs.visibleFiles(dir)) {
            files = s.collect(Collectors.toList());
        }
        long rows = 0;
        Set<Path> partitions = new HashSet<>();
        for (Path f : files) {
            try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f), OPTIONS)) {
                for (BlockMetaData b : r.getFooter().getBlocks()) {
                    rows += b.getRowCount();
                }
            }
            partitions.add(f.getParent());
        }
        return "rows=" + rows + " partitions=" + partitions.size();
    }
}

package dev.formattable.bench;

import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a written parquet table holds, from its footers alone: rows and non-empty partitions. */
final class FooterSummary {

    private static final Configuration CONF = new Configuration();

    private FooterSummary() {}

    static String summary(Path dir) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Dirs.visibleFiles(dir)) {
            files = s.collect(Collectors.toList());
        }
        long rows = 0;
        Set<Path> partitions = new HashSet<>();
        for (Path f : files) {
            try (ParquetFileReader r =
                    ParquetFileReader.open(
                            HadoopInputFile.fromPath(
                                    new org.apache.hadoop.fs.Path(f.toUri()), CONF))) {
                for (BlockMetaData b : r.getFooter().getBlocks()) {
                    rows += b.getRowCount();
                }
            }
            partitions.add(f.getParent());
        }
        return "rows=" + rows + " partitions=" + partitions.size();
    }
}

package dev.formattable.flink.format;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.ConfigurationParses;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.IntType;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The widening check reads each file's column types with read options built once (per reader
 * instance), parsing no Hadoop configuration file per split.
 */
class FileColumnTypesTest {

    @TempDir java.nio.file.Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void columnTypesOfManyFilesParseNoConfigurationFile(String format) throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of("file.format", format));
        RowData[] rows = new RowData[21];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = SinkTables.row(i, "k" + i);
        }
        table.newCommit().append(SinkTables.stage(table, "job", rows).messages());
        List<DataSplit> files = table.newScan().plan().splits();
        FooterReadOptions options = FooterReadOptions.of(table.options());
        // Hadoop's security classes read a configuration once per JVM, on the first file opened.
        FileColumnTypes.read(table.options(), options, split(files.get(0)));

        int parses =
                ConfigurationParses.during(
                        () -> {
                            for (DataSplit file : files.subList(1, files.size())) {
                                assertThat(
                                                FileColumnTypes.read(
                                                        table.options(), options, split(file)))
                                        .containsEntry("a", new IntType());
                            }
                        });

        assertThat(parses).isZero();
    }

    private static FileSourceSplit split(DataSplit file) {
        return new FileSourceSplit(
                file.path().name(),
                FlinkFileIO.toFlink(file.path()),
                0,
                file.fileSize(),
                file.modificationTime(),
                file.fileSize());
    }
}

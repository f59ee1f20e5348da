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
package dev.formattable.flink.sink.merge;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.write.FormatTableWrite;
import dev.formattable.core.write.FormatWriterFactory;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.util.List;

/**
 * Rewrites the rows of staged files of one partition into new staged files, and checks that every
 * row read was written and that each file held the rows its writer counted. The files merged are
 * left as they are: whoever merges names them obsolete, to be deleted once the merged files are
 * recorded. Used by the compactors before a commit and by writers holding files across checkpoints.
 */
@Internal
public final class FileMerger {

    private final FormatTable table;
    private final BulkFormat<RowData, FileSourceSplit> reader;
    private final FormatWriterFactory<RowData> writerFactory;
    private final boolean staged;

    /**
     * @param reader reads a staged file's data columns (the partition columns are in the path)
     * @param writerFactory writes the data columns
     * @param staged whether merged files must be readable before they are published (to be merged
     *     again): they are then staged and renamed into place, never uploads to their target
     */
    public FileMerger(
            FormatTable table,
            BulkFormat<RowData, FileSourceSplit> reader,
            FormatWriterFactory<RowData> writerFactory,
            boolean staged) {
        this.table = table;
        this.reader = reader;
        this.writerFactory = writerFactory;
        this.staged = staged;
    }

    /**
     * A merger that reads the table's staged files of the given columns.
     *
     * @param rowType every column of the table, partition columns included
     * @param dataPositions the positions in {@code rowType} of the columns the files hold
     */
    public static FileMerger of(
            FormatTable table,
            RowType rowType,
            int[] dataPositions,
            FormatWriterFactory<RowData> writerFactory,
            boolean staged) {
        return new FileMerger(
                table,
                new FormatTableBulkFormat(
                        ReadSpec.builder(table, rowType).projection(dataPositions).build(),
                        List.of()),
                writerFactory,
                staged);
    }

    /**
     * Writes the rows of {@code files}, all of one partition, into new staged files under {@code
     * stagingToken}, rolled at the table's target file size.
     *
     * @return the merged files
     * @throws IOException when a file cannot be read or written, or rows were lost on the way
     */
    public List<CommitMessage> merge(List<CommitMessage> files, String stagingToken)
            throws IOException {
        List<Object> partition = table.layout().parseSpec(files.get(0).partition());
        long rows = 0;
        List<CommitMessage> merged;
        FormatTableWrite.Builder<RowData> builder =
                FormatTableWrite.builder(table, writerFactory).stagingToken(stagingToken);
        if (staged) {
            builder.stageForRename();
        }
        try (FormatTableWrite<RowData> write = builder.build()) {
            for (CommitMessage file : files) {
                rows += copy(file, partition, write);
            }
            merged = write.prepareCommit();
        }
        long mergedRows = merged.stream().mapToLong(CommitMessage::rowCount).sum();
        if (mergedRows != rows) {
            throw new IOException(
                    String.format(
                            "Merging %d files in %s wrote %d rows but read %d",
                            files.size(), files.get(0).targetPath().parent(), mergedRows, rows));
        }
        return merged;
    }

    /** Writes every row of a staged file, and says how many it read. */
    private long copy(CommitMessage file, List<Object> partition, FormatTableWrite<RowData> write)
            throws IOException {
        FileSourceSplit split =
                new FileSourceSplit(
                        "merge",
                        FlinkFileIO.toFlink(file.stagedPath()),
                        0,
                        file.fileSize(),
                        0,
                        file.fileSize());
        long rows = 0;
        try (BulkFormat.Reader<RowData> in = reader.createReader(new Configuration(), split)) {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = in.readBatch()) != null) {
                try {
                    RecordAndPosition<RowData> record;
                    while ((record = batch.next()) != null) {
                        write.write(partition, record.getRecord());
                        rows++;
                    }
                } finally {
                    batch.releaseBatch();
                }
            }
        }
        if (rows != file.rowCount()) {
            throw new IOException(
                    String.format(
                            "Staged file %s holds %d rows, but its writer wrote %d",
                            file.stagedPath(), rows, file.rowCount()));
        }
        return rows;
    }
}

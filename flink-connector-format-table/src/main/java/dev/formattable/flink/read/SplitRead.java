package dev.formattable.flink.read;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

/**
 * What a reader of one split is asked for: the split, the file's own types where its columns are
 * widened (null when read at the table's), the constant columns (partition values, metadata), and
 * whether it resumes at the split's checkpointed position.
 */
record SplitRead(
        Configuration config,
        FileSourceSplit split,
        @Nullable RowType widened,
        ColumnVector[] constants,
        boolean restore) {}

package dev.formattable.flink.source;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FormatTableSourceTest {

    @TempDir java.nio.file.Path dir;

    private FormatTable table() {
        return FormatTable.open(
                new FlinkFileIO(),
                Path.of(dir.toString()),
                new TableSchema(
                        List.of(
                                new DataField(0, "a", DataTypes.INT()),
                                new DataField(1, "k", DataTypes.STRING())),
                        List.of("k"),
                        Map.of()));
    }

    private static final RowType TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new IntType(), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"a", "k"});

    @Test
    void aProjectionNamingAColumnTwiceIsRefused() {
        assertThatThrownBy(
                        () ->
                                FormatTableSource.create(
                                        table(), TYPE, new int[] {1, 0, 1}, null, null, 1024, 16))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names column 'k' more than once");
    }

    @Test
    void producesTheProjectedType() {
        assertThat(
                        FormatTableSource.create(table(), TYPE, new int[] {1}, null, null, 1024, 16)
                                .getBoundedness()
                                .name())
                .isEqualTo("BOUNDED");
    }
}

package dev.formattable.flink.read;

import org.apache.flink.table.data.columnar.vector.ColumnVector;

/** The columns of a produced batch: the decoded ones and the split's constants, in order. */
final class ProducedColumns {

    private ProducedColumns() {}

    /**
     * The produced columns: per produced column its constant, or else the next decoded column; a
     * decoded column left over (one read only to count rows) comes last.
     */
    static ColumnVector[] arrange(ColumnVector[] decoded, ColumnVector[] constants) {
        int extra = decoded.length;
        for (ColumnVector c : constants) {
            if (c == null) {
                extra--;
            }
        }
        ColumnVector[] columns = new ColumnVector[constants.length + extra];
        int next = 0;
        for (int i = 0; i < constants.length; i++) {
            columns[i] = constants[i] != null ? constants[i] : decoded[next++];
        }
        if (extra > 0) {
            columns[constants.length] = decoded[next];
        }
        return columns;
    }
}

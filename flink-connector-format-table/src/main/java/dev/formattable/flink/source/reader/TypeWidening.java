package dev.formattable.flink.source.reader;

import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.format.FormatFactories;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

import javax.annotation.Nullable;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Type widening on read: a data file that stores a column as a narrower type than the table
 * declares is read at the file's type and each value is widened. The pairs are TINYINT → SMALLINT →
 * INT → BIGINT, FLOAT → DOUBLE, an integer to a DECIMAL with enough integer digits, a DECIMAL to a
 * larger precision at the same scale, and DATE → TIMESTAMP. Character strings of any length read as
 * any character string type, as before. Any other mismatch between two of these types fails, naming
 * the file, the column and both types; types outside them are left to the file readers.
 */
final class TypeWidening {

    private TypeWidening() {}

    /** The plan of one file whose types differ: its reader and the widening of each field. */
    static final class Plan {
        final RowType fileDataType;
        final LogicalType[] fileTypes;

        Plan(RowType fileDataType, LogicalType[] fileTypes) {
            this.fileDataType = fileDataType;
            this.fileTypes = fileTypes;
        }
    }

    /**
     * The plan for a file, or null when each selected column of the file has the table's type.
     *
     * @throws IOException when a column of the file cannot be widened to the table's type
     */
    @Nullable
    static Plan plan(
            FileSourceSplit split,
            Map<String, LogicalType> fileColumns,
            RowType dataType,
            int[] selected)
            throws IOException {
        LogicalType[] fileTypes = new LogicalType[selected.length];
        List<RowType.RowField> fields = new ArrayList<>(dataType.getFields());
        boolean widens = false;
        for (int i = 0; i < selected.length; i++) {
            RowType.RowField field = dataType.getFields().get(selected[i]);
            LogicalType fileType = fileColumns.get(field.getName());
            LogicalType tableType = field.getType();
            if (fileType == null || !needsCheck(fileType, tableType)) {
                continue;
            }
            if (sameType(fileType, tableType)) {
                continue;
            }
            if (!widenable(fileType, tableType)) {
                throw new IOException(
                        String.format(
                                "Data file %s stores column '%s' as %s, which cannot be read as"
                                        + " the table's type %s",
                                split.path(),
                                field.getName(),
                                fileType.asSummaryString(),
                                tableType.asSummaryString()));
            }
            fileTypes[i] = fileType;
            fields.set(selected[i], new RowType.RowField(field.getName(), fileType.copy(true)));
            widens = true;
        }
        return widens ? new Plan(new RowType(fields), fileTypes) : null;
    }

    private static boolean checked(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case DATE:
            case CHAR:
            case VARCHAR:
                return true;
            default:
                return false;
        }
    }

    private static boolean needsCheck(LogicalType fileType, LogicalType tableType) {
        if (fileType.is(LogicalTypeRoot.DATE)
                && tableType.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)) {
            return true;
        }
        return checked(fileType) && checked(tableType);
    }

    private static boolean sameType(LogicalType fileType, LogicalType tableType) {
        if (fileType.is(LogicalTypeFamily.CHARACTER_STRING)
                && tableType.is(LogicalTypeFamily.CHARACTER_STRING)) {
            return true;
        }
        return fileType.copy(true).equals(tableType.copy(true));
    }

    private static int integerDigits(LogicalType type) {
        switch (type.getTypeRoot()) {
            case TINYINT:
                return 3;
            case SMALLINT:
                return 5;
            case INTEGER:
                return 10;
            case BIGINT:
                return 19;
            default:
                return -1;
        }
    }

    private static boolean widenable(LogicalType from, LogicalType to) {
        int fromDigits = integerDigits(from);
        if (fromDigits > 0) {
            int toDigits = integerDigits(to);
            if (toDigits > 0) {
                return toDigits > fromDigits;
            }
            if (to instanceof DecimalType) {
                DecimalType d = (DecimalType) to;
                return d.getPrecision() - d.getScale() >= fromDigits;
            }
            return false;
        }
        if (from.is(LogicalTypeRoot.FLOAT)) {
            return to.is(LogicalTypeRoot.DOUBLE);
        }
        if (from instanceof DecimalType && to instanceof DecimalType) {
            DecimalType f = (DecimalType) from;
            DecimalType t = (DecimalType) to;
            return f.getScale() == t.getScale() && t.getPrecision() > f.getPrecision();
        }
        return from.is(LogicalTypeRoot.DATE) && to.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
    }

    // ---------------------------------------------------------------- file schemas

    /** The types of the top-level columns of a file that widening knows, by name. */
    static Map<String, LogicalType> fileColumns(TableOptions options, FileSourceSplit split)
            throws IOException {
        Map<String, LogicalType> result = new HashMap<>();
        if (options.format() == FileFormat.PARQUET) {
            try (ParquetFileReader reader = ParquetFileReader.open(new FlinkInputFile(split))) {
                for (Type t : reader.getFooter().getFileMetaData().getSchema().getFields()) {
                    LogicalType type = t.isPrimitive() ? parquetType(t.asPrimitiveType()) : null;
                    if (type != null) {
                        result.put(t.getName(), type);
                    }
                }
            }
            return result;
        }
        org.apache.hadoop.conf.Configuration conf =
                FormatFactories.hadoopConf(FormatFactories.formatOptions(options));
        try (org.apache.orc.Reader reader =
                OrcFile.createReader(
                        new org.apache.hadoop.fs.Path(split.path().toUri()),
                        OrcFile.readerOptions(conf).maxLength(split.fileSize()))) {
            TypeDescription schema = reader.getSchema();
            List<String> names = schema.getFieldNames();
            for (int i = 0; i < names.size(); i++) {
                LogicalType type = orcType(schema.getChildren().get(i));
                if (type != null) {
                    result.put(names.get(i), type);
                }
            }
        }
        return result;
    }

    @Nullable
    private static LogicalType orcType(TypeDescription t) {
        switch (t.getCategory()) {
            case BOOLEAN:
                return new BooleanType();
            case BYTE:
                return new TinyIntType();
            case SHORT:
                return new SmallIntType();
            case INT:
                return new IntType();
            case LONG:
                return new BigIntType();
            case FLOAT:
                return new FloatType();
            case DOUBLE:
                return new DoubleType();
            case DECIMAL:
                return new DecimalType(t.getPrecision(), t.getScale());
            case DATE:
                return new DateType();
            case STRING:
            case CHAR:
            case VARCHAR:
                return VarCharType.STRING_TYPE;
            default:
                return null;
        }
    }

    @Nullable
    private static LogicalType parquetType(PrimitiveType t) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
            LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d =
                    (LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) a;
            return new DecimalType(d.getPrecision(), d.getScale());
        }
        switch (t.getPrimitiveTypeName()) {
            case BOOLEAN:
                return new BooleanType();
            case FLOAT:
                return new FloatType();
            case DOUBLE:
                return new DoubleType();
            case INT32:
                if (a == null) {
                    return new IntType();
                }
                if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return new DateType();
                }
                if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
                    LogicalTypeAnnotation.IntLogicalTypeAnnotation i =
                            (LogicalTypeAnnotation.IntLogicalTypeAnnotation) a;
                    if (!i.isSigned()) {
                        return null;
                    }
                    switch (i.getBitWidth()) {
                        case 8:
                            return new TinyIntType();
                        case 16:
                            return new SmallIntType();
                        case 32:
                            return new IntType();
                        default:
                            return null;
                    }
                }
                return null;
            case INT64:
                if (a == null
                        || (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
                                && ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a)
                                        .isSigned())) {
                    return new BigIntType();
                }
                return null;
            case BINARY:
                return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        ? VarCharType.STRING_TYPE
                        : null;
            default:
                return null;
        }
    }

    /** A parquet input file over Flink's file system of the split. */
    private static final class FlinkInputFile implements InputFile {
        private final FileSourceSplit split;

        FlinkInputFile(FileSourceSplit split) {
            this.split = split;
        }

        @Override
        public long getLength() {
            return split.fileSize();
        }

        @Override
        public SeekableInputStream newStream() throws IOException {
            FSDataInputStream in = split.path().getFileSystem().open(split.path());
            return new DelegatingSeekableInputStream(in) {
                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void seek(long position) throws IOException {
                    in.seek(position);
                }
            };
        }
    }

    // ---------------------------------------------------------------- widened rows

    /** A row read at the file's types that answers at the table's types. */
    static final class WidenedRow implements RowData {
        private final LogicalType[] fileTypes;
        private RowData row;

        WidenedRow(LogicalType[] fileTypes) {
            this.fileTypes = fileTypes;
        }

        WidenedRow replace(RowData row) {
            this.row = row;
            return this;
        }

        private long integer(int pos) {
            switch (fileTypes[pos].getTypeRoot()) {
                case TINYINT:
                    return row.getByte(pos);
                case SMALLINT:
                    return row.getShort(pos);
                case INTEGER:
                    return row.getInt(pos);
                default:
                    return row.getLong(pos);
            }
        }

        @Override
        public int getArity() {
            return row.getArity();
        }

        @Override
        public RowKind getRowKind() {
            return row.getRowKind();
        }

        @Override
        public void setRowKind(RowKind kind) {
            row.setRowKind(kind);
        }

        @Override
        public boolean isNullAt(int pos) {
            return row.isNullAt(pos);
        }

        @Override
        public boolean getBoolean(int pos) {
            return row.getBoolean(pos);
        }

        @Override
        public byte getByte(int pos) {
            return row.getByte(pos);
        }

        @Override
        public short getShort(int pos) {
            return fileTypes[pos] == null ? row.getShort(pos) : (short) integer(pos);
        }

        @Override
        public int getInt(int pos) {
            return fileTypes[pos] == null ? row.getInt(pos) : (int) integer(pos);
        }

        @Override
        public long getLong(int pos) {
            return fileTypes[pos] == null ? row.getLong(pos) : integer(pos);
        }

        @Override
        public float getFloat(int pos) {
            return row.getFloat(pos);
        }

        @Override
        public double getDouble(int pos) {
            return fileTypes[pos] == null ? row.getDouble(pos) : row.getFloat(pos);
        }

        @Override
        public StringData getString(int pos) {
            return row.getString(pos);
        }

        @Override
        public DecimalData getDecimal(int pos, int precision, int scale) {
            LogicalType from = fileTypes[pos];
            if (from == null) {
                return row.getDecimal(pos, precision, scale);
            }
            BigDecimal value;
            if (from instanceof DecimalType) {
                DecimalType d = (DecimalType) from;
                value = row.getDecimal(pos, d.getPrecision(), d.getScale()).toBigDecimal();
            } else {
                value = BigDecimal.valueOf(integer(pos));
            }
            return DecimalData.fromBigDecimal(value, precision, scale);
        }

        @Override
        public TimestampData getTimestamp(int pos, int precision) {
            if (fileTypes[pos] == null) {
                return row.getTimestamp(pos, precision);
            }
            return TimestampData.fromLocalDateTime(
                    LocalDate.ofEpochDay(row.getInt(pos)).atStartOfDay());
        }

        @Override
        public <T> RawValueData<T> getRawValue(int pos) {
            return row.getRawValue(pos);
        }

        @Override
        public byte[] getBinary(int pos) {
            return row.getBinary(pos);
        }

        @Override
        public ArrayData getArray(int pos) {
            return row.getArray(pos);
        }

        @Override
        public MapData getMap(int pos) {
            return row.getMap(pos);
        }

        @Override
        public RowData getRow(int pos, int numFields) {
            return row.getRow(pos, numFields);
        }

        @Override
        public org.apache.flink.types.variant.Variant getVariant(int pos) {
            return row.getVariant(pos);
        }
    }
}

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
package dev.formattable.hive;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.hive.testutils.HiveMetastoreExtension;

import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Each format's Hive metadata as other engines need it, and tables as Apache Paimon's Hive catalog
 * writes them (format tables it serves, data tables it keeps in snapshots).
 */
class HiveTableInteropTest {

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    private static final String TEXT = "org.apache.hadoop.mapred.TextInputFormat";
    private static final String TEXT_OUT =
            "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat";
    private static final String LAZY = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";
    private static final String PARQUET_SERDE =
            "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe";
    private static final String PARQUET_IN =
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat";
    private static final String PARQUET_OUT =
            "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat";
    private static int databases;

    @TempDir Path warehouse;

    private Metastore metastore;
    private String db;

    @BeforeEach
    void open() throws Exception {
        metastore =
                new HiveMetastoreFactory()
                        .open(
                                Map.of(
                                        "uri",
                                        HiveMetastoreExtension.uri(),
                                        "warehouse",
                                        warehouse.toUri().toString()),
                                new LocalFileIO());
        db = "interop" + (++databases);
        metastore.createDatabase(db, Map.of(), null);
    }

    @AfterEach
    void close() throws Exception {
        metastore.close();
    }

    // The partition key last: Hive keeps partition columns after the data columns, so a schema
    // with one elsewhere reads back in Hive's order. Field ids are positions for the same reason.
    private static TableSchema schema(String format, boolean partitioned, Map<String, String> o) {
        List<DataField> fields =
                List.of(
                        new DataField(0, "id", DataTypes.INT().notNull(), "the key"),
                        new DataField(1, "at", DataTypes.TIMESTAMP_LTZ(3)),
                        new DataField(
                                2, "attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())),
                        new DataField(3, "dt", DataTypes.DATE()));
        Map<String, String> options = new HashMap<>(o);
        options.put("type", "format-table");
        options.put("file.format", format);
        return new TableSchema(
                format.equals("text")
                        ? List.of(new DataField(0, "line", DataTypes.STRING()))
                        : fields,
                partitioned && !format.equals("text") ? List.of("dt") : List.of(),
                List.of(),
                options,
                "events of " + format);
    }

    @ParameterizedTest(name = "{0} partitioned={1}")
    @CsvSource({
        "parquet, true, org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe,"
                + " org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat,"
                + " org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
        "parquet, false, org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe,"
                + " org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat,"
                + " org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
        "orc, true, org.apache.hadoop.hive.ql.io.orc.OrcSerde,"
                + " org.apache.hadoop.hive.ql.io.orc.OrcInputFormat,"
                + " org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat",
        "orc, false, org.apache.hadoop.hive.ql.io.orc.OrcSerde,"
                + " org.apache.hadoop.hive.ql.io.orc.OrcInputFormat,"
                + " org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat",
        "csv, true, " + LAZY + ", " + TEXT + ", " + TEXT_OUT,
        "csv, false, " + LAZY + ", " + TEXT + ", " + TEXT_OUT,
        "json, true, org.apache.hive.hcatalog.data.JsonSerDe, " + TEXT + ", " + TEXT_OUT,
        "json, false, org.apache.hive.hcatalog.data.JsonSerDe, " + TEXT + ", " + TEXT_OUT,
        "text, false, " + LAZY + ", " + TEXT + ", " + TEXT_OUT
    })
    void eachFormatIsACompleteExternalHiveTableAndReadsBackEqual(
            String format, boolean partitioned, String serde, String input, String output)
            throws Exception {
        TableSchema schema = schema(format, partitioned, Map.of());
        metastore.createTable(db, "t", schema);

        Table t = HMS.client().getTable(db, "t");
        assertThat(t.getTableType()).isEqualTo(TableType.EXTERNAL_TABLE.name());
        assertThat(t.getSd().getSerdeInfo().getSerializationLib()).isEqualTo(serde);
        assertThat(t.getSd().getInputFormat()).isEqualTo(input);
        assertThat(t.getSd().getOutputFormat()).isEqualTo(output);
        assertThat(t.getSd().getLocation()).endsWith("/" + db + ".db/t");
        assertThat(t.getParameters())
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("external.table.purge", "TRUE")
                .containsEntry("type", "format-table")
                .containsEntry("file.format", format)
                .containsEntry("table_type", format.toUpperCase(Locale.ROOT))
                .containsEntry("comment", "events of " + format);
        if (format.equals("text")) {
            assertThat(t.getSd().getCols())
                    .extracting(FieldSchema::getName, FieldSchema::getType)
                    .containsExactly(tuple("line", "string"));
        } else {
            // Hive has no local-time-zone timestamp in 2.x: plain timestamp, as Paimon writes it.
            List<FieldSchema> columns = new ArrayList<>(t.getSd().getCols());
            columns.addAll(t.getPartitionKeys());
            assertThat(columns)
                    .extracting(FieldSchema::getName, FieldSchema::getType)
                    .containsExactly(
                            tuple("id", "int"),
                            tuple("at", "timestamp"),
                            tuple("attrs", "map<string,int>"),
                            tuple("dt", "date"));
            assertThat(t.getPartitionKeys())
                    .extracting(FieldSchema::getName)
                    .isEqualTo(partitioned ? List.of("dt") : List.of());
        }

        // Equal but for what Hive cannot keep and the exact-type parameters restore: the NOT NULL
        // of 'id' and the local time zone and precision of 'at'.
        TableSchema back = metastore.table(db, "t").orElseThrow().schema();
        assertThat(back.fields()).isEqualTo(schema.fields());
        assertThat(back.partitionKeys()).isEqualTo(schema.partitionKeys());
        assertThat(back.comment()).isEqualTo(schema.comment());
        assertThat(back.options()).containsAllEntriesOf(schema.options());
    }

    @Test
    void columnNamesHiveWouldLowerAreRefusedAndLongCommentsShortened() throws Exception {
        Map<String, String> options = Map.of("type", "format-table", "file.format", "orc");
        TableSchema upper =
                new TableSchema(
                        List.of(new DataField(0, "Name", DataTypes.STRING())),
                        List.of(),
                        List.of(),
                        options,
                        null);
        assertThatThrownBy(() -> metastore.createTable(db, "upper", upper))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Name'")
                .hasMessageContaining(db + ".upper");
        assertThat(metastore.tables(db)).isEmpty();

        // Hive's column comments hold 256 characters; what is longer is cut rather than failing.
        String comment = "c".repeat(300);
        metastore.createTable(
                db,
                "long",
                new TableSchema(
                        List.of(new DataField(0, "name", DataTypes.STRING(), comment)),
                        List.of(),
                        List.of(),
                        options,
                        null));
        String kept = HMS.client().getTable(db, "long").getSd().getCols().get(0).getComment();
        assertThat(kept).hasSize(255).endsWith("...");
    }

    private Table paimonFormatTable(String name, String format, String serde) {
        Table t = hiveTable(name, serde, TEXT, TEXT_OUT);
        // As Paimon's HiveCatalog writes a format table: managed unless asked otherwise, its
        // options as parameters, the format in 'table_type' and 'file.format'.
        t.setTableType(TableType.MANAGED_TABLE.name());
        t.getParameters().put("type", "format-table");
        t.getParameters().put("file.format", format);
        t.getParameters().put("table_type", format.toUpperCase(Locale.ROOT));
        return t;
    }

    private Table hiveTable(String name, String serde, String input, String output) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(List.of(new FieldSchema("ts", "timestamp", null))));
        sd.setLocation(warehouse.resolve(name).toUri().toString());
        sd.setInputFormat(input);
        sd.setOutputFormat(output);
        sd.setSerdeInfo(new SerDeInfo(null, serde, new HashMap<>()));
        Table t = new Table();
        t.setDbName(db);
        t.setTableName(name);
        t.setTableType(TableType.EXTERNAL_TABLE.name());
        t.setParameters(new HashMap<>(Map.of("EXTERNAL", "TRUE")));
        t.setPartitionKeys(new ArrayList<>());
        t.setSd(sd);
        return t;
    }

    @Test
    void formatTablesOfPaimonsHiveCatalogAreServed() throws Exception {
        Table csv = paimonFormatTable("pcsv", "csv", LAZY);
        csv.getSd().getSerdeInfo().getParameters().put("field.delim", ";");
        csv.getParameters().put("csv.field-delimiter", ";");
        HMS.client().createTable(csv);
        HMS.client().createTable(paimonFormatTable("ptext", "text", LAZY));
        Table parquet =
                hiveTable(
                        "spark",
                        "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe",
                        "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat",
                        "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat");
        HMS.client().createTable(parquet);

        TableSchema c = metastore.table(db, "pcsv").orElseThrow().schema();
        assertThat(c.options())
                .containsEntry("file.format", "csv")
                .containsEntry("csv.field-delimiter", ";");
        // A Hive timestamp reads as Paimon's catalog reads it: microseconds.
        assertThat(c.fields().get(0).type()).isEqualTo(DataTypes.TIMESTAMP(6));
        // Only 'table_type' (or 'file.format') tells a text table from a csv one.
        assertThat(metastore.table(db, "ptext").orElseThrow().schema().options())
                .containsEntry("file.format", "text")
                .doesNotContainKey("csv.field-delimiter");
        assertThat(metastore.table(db, "spark").orElseThrow().schema().options())
                .containsEntry("file.format", "parquet");
    }

    @Test
    void partitionsAreNamedAsTheEngineThatMadeTheTableNamesThem() throws Exception {
        // Ours: Hive's naming, written down, so that Paimon and we read the same names.
        metastore.createTable(db, "ours", schema("parquet", true, Map.of()));
        assertThat(HMS.client().getTable(db, "ours").getParameters())
                .containsEntry("partition.default-name", "__HIVE_DEFAULT_PARTITION__")
                .containsEntry("partition.legacy-name", "false");
        // A user's own choice is kept.
        metastore.createTable(
                db, "chosen", schema("parquet", true, Map.of("partition.legacy-name", "true")));
        assertThat(metastore.table(db, "chosen").orElseThrow().schema().options())
                .containsEntry("partition.legacy-name", "true")
                .containsEntry("partition.default-name", "__HIVE_DEFAULT_PARTITION__");

        // Spark's or Hive's (no 'type' parameter): read with Hive's naming.
        Table spark = hiveTable("spark", PARQUET_SERDE, PARQUET_IN, PARQUET_OUT);
        HMS.client().createTable(spark);
        assertThat(metastore.table(db, "spark").orElseThrow().schema().options())
                .containsEntry("partition.default-name", "__HIVE_DEFAULT_PARTITION__")
                .containsEntry("partition.legacy-name", "false");

        // Paimon's (its 'type' parameter): Paimon's defaults stay.
        HMS.client().createTable(paimonFormatTable("paimon", "csv", LAZY));
        assertThat(metastore.table(db, "paimon").orElseThrow().schema().options())
                .doesNotContainKeys("partition.default-name", "partition.legacy-name");
    }

    @Test
    void paimonsDataTablesAndOtherFormatsAreRefusedByName() throws Exception {
        // A Paimon data table, primary key or not: its files are only the table with snapshots.
        Table data =
                hiveTable(
                        "pk",
                        "org.apache.paimon.hive.PaimonSerDe",
                        "org.apache.paimon.hive.mapred.PaimonInputFormat",
                        "org.apache.paimon.hive.mapred.PaimonOutputFormat");
        data.getParameters().put("table_type", "PAIMON");
        HMS.client().createTable(data);
        Table object = paimonFormatTable("obj", "csv", LAZY);
        object.getParameters().put("type", "object-table");
        HMS.client().createTable(object);
        Table avro = paimonFormatTable("avro", "avro", LAZY);
        HMS.client().createTable(avro);

        assertThat(metastore.tables(db)).containsExactly("avro", "obj", "pk");
        assertRefused("pk", "it is a table of another format (PAIMON)");
        assertRefused("obj", "it is a Paimon table of type 'object-table'");
        assertRefused("avro", "its file.format 'avro' is not one we read");
    }

    private void assertRefused(String table, String reason) throws Exception {
        MetastoreTable t = metastore.table(db, table).orElseThrow();
        assertThat(t.refusal()).contains(reason);
        assertThatThrownBy(t::schema)
                .hasMessageContaining(db + "." + table)
                .hasMessageContaining(reason);
    }

    @Test
    void anAlterRefusesWhatHiveCannotStoreAndKeepsAnotherEnginesSerDe() throws Exception {
        metastore.createTable(db, "ours", schema("orc", true, Map.of()));
        assertThatThrownBy(
                        () ->
                                metastore.alterTable(
                                        db,
                                        "ours",
                                        s ->
                                                new TableSchema(
                                                        s.fields(),
                                                        List.of("id"),
                                                        List.of(),
                                                        s.options(),
                                                        s.comment())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(db + ".ours")
                .hasMessageContaining("[dt] to [id]");

        Table quoted =
                hiveTable("quoted", "org.apache.hadoop.hive.serde2.OpenCSVSerde", TEXT, TEXT_OUT);
        quoted.getSd().getSerdeInfo().getParameters().put("separatorChar", ";");
        HMS.client().createTable(quoted);
        metastore.alterTable(
                db,
                "quoted",
                s -> {
                    List<DataField> fields = new ArrayList<>(s.fields());
                    fields.add(new DataField(1, "note", DataTypes.STRING()));
                    return new TableSchema(fields, List.of(), List.of(), s.options(), null);
                });
        Table altered = HMS.client().getTable(db, "quoted");
        assertThat(altered.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.serde2.OpenCSVSerde");
        assertThat(altered.getSd().getSerdeInfo().getParameters())
                .containsEntry("separatorChar", ";");
        assertThat(altered.getSd().getCols()).extracting(FieldSchema::getName).contains("note");
    }
}

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
package dev.formattable.flink.lineage;

import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.types.DataField;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.streaming.api.lineage.DatasetConfigFacet;
import org.apache.flink.streaming.api.lineage.DatasetSchemaFacet;
import org.apache.flink.streaming.api.lineage.DatasetSchemaField;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.streaming.api.lineage.LineageDatasetFacet;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.api.lineage.SourceLineageVertex;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a format table is to Flink's lineage API: one dataset, named as OpenLineage names files. The
 * namespace is the location's scheme and authority ({@code s3://bucket}, {@code
 * hdfs://namenode:8020}), or {@code file} for a local directory; the name is the path in it (an
 * object store's key has no leading slash). Its facets are the table's schema ({@value
 * #SCHEMA_FACET}) and its options with its partition keys ({@value #CONFIG_FACET}).
 *
 * <p>In SQL, Flink's planner names the dataset by the table's identifier instead ({@code
 * catalog.db.table}) and keeps this namespace and these facets.
 */
@Internal
public final class TableLineage {

    /** The facet of the table's columns. */
    public static final String SCHEMA_FACET = "schema";

    /** The facet of the table's options and partition keys. */
    public static final String CONFIG_FACET = "config";

    /** The key of the partition keys, comma-separated, in the config facet. */
    public static final String PARTITION_KEYS = "partition-keys";

    private TableLineage() {}

    /** The dataset of the table. */
    public static LineageDataset dataset(FormatTableSpec table) {
        Path location = table.qualifiedLocation();
        String scheme = location.scheme();
        boolean local = scheme == null || scheme.equals("file");
        String namespace =
                local
                        ? "file"
                        : scheme
                                + "://"
                                + (location.authority() == null ? "" : location.authority());
        String name = location.path();
        if (!local && isObjectStore(scheme) && name.startsWith("/")) {
            name = name.substring(1);
        }
        Map<String, LineageDatasetFacet> facets = new LinkedHashMap<>();
        facets.put(SCHEMA_FACET, schema(table.schema()));
        facets.put(CONFIG_FACET, config(table.schema()));
        return new Dataset(namespace, name, facets);
    }

    /** The vertex of a source reading the table. */
    public static SourceLineageVertex source(FormatTableSpec table, Boundedness boundedness) {
        List<LineageDataset> datasets = List.of(dataset(table));
        return new SourceLineageVertex() {
            @Override
            public Boundedness boundedness() {
                return boundedness;
            }

            @Override
            public List<LineageDataset> datasets() {
                return datasets;
            }
        };
    }

    /** The vertex of a sink writing the table. */
    public static LineageVertex sink(FormatTableSpec table) {
        List<LineageDataset> datasets = List.of(dataset(table));
        return () -> datasets;
    }

    private static boolean isObjectStore(String scheme) {
        return scheme.startsWith("s3") || scheme.equals("gs") || scheme.equals("oss");
    }

    private static DatasetSchemaFacet schema(TableSchema schema) {
        Map<String, DatasetSchemaField<String>> fields = new LinkedHashMap<>();
        for (DataField f : schema.fields()) {
            String type = f.type().toString();
            String fieldName = f.name();
            fields.put(
                    fieldName,
                    new DatasetSchemaField<String>() {
                        @Override
                        public String name() {
                            return fieldName;
                        }

                        @Override
                        public String type() {
                            return type;
                        }
                    });
        }
        return new DatasetSchemaFacet() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> Map<String, DatasetSchemaField<T>> fields() {
                return (Map<String, DatasetSchemaField<T>>) (Map<String, ?>) fields;
            }

            @Override
            public String name() {
                return SCHEMA_FACET;
            }
        };
    }

    private static DatasetConfigFacet config(TableSchema schema) {
        Map<String, String> config = new LinkedHashMap<>(schema.options());
        config.put(PARTITION_KEYS, String.join(",", schema.partitionKeys()));
        Map<String, String> fixed = Map.copyOf(config);
        return new DatasetConfigFacet() {
            @Override
            public Map<String, String> config() {
                return fixed;
            }

            @Override
            public String name() {
                return CONFIG_FACET;
            }
        };
    }

    private static final class Dataset implements LineageDataset {
        private final String namespace;
        private final String name;
        private final Map<String, LineageDatasetFacet> facets;

        Dataset(String namespace, String name, Map<String, LineageDatasetFacet> facets) {
            this.namespace = namespace;
            this.name = name;
            this.facets = facets;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String namespace() {
            return namespace;
        }

        @Override
        public Map<String, LineageDatasetFacet> facets() {
            return facets;
        }

        @Override
        public String toString() {
            return namespace + " " + name;
        }
    }
}

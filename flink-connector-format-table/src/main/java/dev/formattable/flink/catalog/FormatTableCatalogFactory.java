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
package dev.formattable.flink.catalog;

import dev.formattable.core.metastore.FileSystemMetastore;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreFactory;
import dev.formattable.core.metastore.Metastores;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.internal.FlinkLine;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/** {@code CREATE CATALOG c WITH ('type'='format-table', 'warehouse'='<uri>')}. */
@PublicEvolving
public class FormatTableCatalogFactory implements CatalogFactory {

    public static final String IDENTIFIER = "format-table";

    public static final ConfigOption<String> WAREHOUSE =
            ConfigOptions.key("warehouse")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Required. The directory holding the catalog's databases (<db>.db)"
                                    + " and their tables, on any file system Flink can reach;"
                                    + " with 'metastore'='rest', the name of the catalog the"
                                    + " REST server serves.");

    public static final ConfigOption<String> METASTORE =
            ConfigOptions.key(Metastores.METASTORE)
                    .stringType()
                    .defaultValue(FileSystemMetastore.IDENTIFIER)
                    .withDescription(
                            "Where the catalog keeps databases and the schema and location of"
                                    + " each table: 'filesystem' (the warehouse directory"
                                    + " itself), 'hive' (a Hive Metastore, with the"
                                    + " format-table-hive jar on the class path) or 'rest' (a"
                                    + " Paimon REST catalog, with the format-table-rest jar).");

    public static final ConfigOption<String> DEFAULT_DATABASE =
            ConfigOptions.key("default-database")
                    .stringType()
                    .defaultValue("default")
                    .withDescription(
                            "The database used when a statement names none; created when the"
                                    + " catalog opens if it does not exist.");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(WAREHOUSE);
    }

    /** The catalog's own options, whatever its metastore. */
    public static List<ConfigOption<?>> catalogOptions() {
        return List.of(DEFAULT_DATABASE, METASTORE, WAREHOUSE);
    }

    /**
     * Ours, and those of every metastore on the class path: which of them apply depends on {@code
     * metastore}, which {@link #createCatalog} checks.
     */
    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(List.of(DEFAULT_DATABASE, METASTORE));
        for (MetastoreFactory f :
                ServiceLoader.load(MetastoreFactory.class, getClass().getClassLoader())) {
            f.options().forEach(o -> options.add(flinkOption(o)));
        }
        return options;
    }

    /** The key prefixes of every metastore on the class path, which Flink's check lets through. */
    private Set<String> optionPrefixes() {
        Set<String> prefixes = new TreeSet<>();
        for (MetastoreFactory f :
                ServiceLoader.load(MetastoreFactory.class, getClass().getClassLoader())) {
            prefixes.addAll(f.optionPrefixes());
        }
        return prefixes;
    }

    /** A metastore's option as Flink's factories validate it: by key, as text. */
    private static ConfigOption<String> flinkOption(
            dev.formattable.core.options.ConfigOption<?> o) {
        return ConfigOptions.key(o.key())
                .stringType()
                .noDefaultValue()
                .withDescription(o.description());
    }

    @Override
    public Catalog createCatalog(Context context) {
        FlinkLine.checkRunning();
        FactoryUtil.CatalogFactoryHelper helper =
                FactoryUtil.createCatalogFactoryHelper(this, context);
        Set<String> prefixes = optionPrefixes();
        // Flink's check takes no empty list of prefixes: with no metastore that has some.
        if (prefixes.isEmpty()) {
            helper.validate();
        } else {
            helper.validateExcept(prefixes.toArray(new String[0]));
        }
        String kind = helper.getOptions().get(METASTORE);
        MetastoreFactory factory;
        try {
            factory = Metastores.factory(kind, context.getClassLoader());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        Map<String, String> options = new HashMap<>(context.getOptions());
        Set<String> applicable =
                new HashSet<>(
                        Set.of(
                                WAREHOUSE.key(),
                                DEFAULT_DATABASE.key(),
                                METASTORE.key(),
                                "type",
                                "property-version"));
        factory.options().forEach(o -> applicable.add(o.key()));
        List<String> keyPrefixes = factory.optionPrefixes();
        for (String key : options.keySet()) {
            if (!applicable.contains(key) && keyPrefixes.stream().noneMatch(key::startsWith)) {
                throw new ValidationException(
                        String.format(
                                "Option '%s' of catalog '%s' does not apply to metastore '%s'; it"
                                        + " takes %s%s",
                                key,
                                context.getName(),
                                kind,
                                new TreeSet<>(applicable),
                                keyPrefixes.isEmpty()
                                        ? ""
                                        : " and keys starting with " + keyPrefixes));
            }
        }
        Metastore metastore;
        try {
            metastore = factory.open(options, new FlinkFileIO());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(e.getMessage(), e);
        } catch (IOException e) {
            throw new CatalogException(
                    String.format(
                            "Cannot open the %s metastore of catalog '%s': %s",
                            kind, context.getName(), e.getMessage()),
                    e);
        }
        return new FormatTableCatalog(
                context.getName(), helper.getOptions().get(DEFAULT_DATABASE), metastore);
    }
}

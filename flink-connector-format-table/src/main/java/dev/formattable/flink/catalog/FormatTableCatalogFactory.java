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

import dev.formattable.flink.internal.FlinkLine;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.Set;

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
                                    + " and their tables, on any file system Flink can reach.");

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

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(DEFAULT_DATABASE);
    }

    @Override
    public Catalog createCatalog(Context context) {
        FlinkLine.checkRunning();
        FactoryUtil.CatalogFactoryHelper helper =
                FactoryUtil.createCatalogFactoryHelper(this, context);
        helper.validate();
        return new FormatTableCatalog(
                context.getName(),
                helper.getOptions().get(DEFAULT_DATABASE),
                helper.getOptions().get(WAREHOUSE));
    }
}

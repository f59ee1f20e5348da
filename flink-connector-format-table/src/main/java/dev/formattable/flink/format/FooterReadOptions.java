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
package dev.formattable.flink.format;

import dev.formattable.core.options.TableOptions;

import org.apache.flink.annotation.Internal;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;

/**
 * What reading the footers and rows of many files of one table needs, built once rather than per
 * file: the Hadoop configuration of the table's format options and the parquet and orc read options
 * made from it. Parquet's {@code ParquetFileReader.open(InputFile)} builds a new {@code
 * Configuration(true)} for every file, which parses {@code core-default.xml} and {@code
 * core-site.xml} again; readers given these options parse nothing.
 *
 * <p>Not serializable: build it where the files are read. It may be shared by threads.
 */
@Internal
public final class FooterReadOptions {

    private final Configuration conf;
    private final ParquetReadOptions parquet;

    private FooterReadOptions(Configuration conf) {
        this.conf = conf;
        this.parquet = HadoopReadOptions.builder(conf).build();
    }

    /** The options for the files of a table with these options. */
    public static FooterReadOptions of(TableOptions options) {
        return new FooterReadOptions(
                FormatFactories.hadoopConf(FormatFactories.formatOptions(options)));
    }

    /** The Hadoop configuration of the table's format options, parsed from no file. */
    public Configuration conf() {
        return conf;
    }

    /** Parquet's options for a whole footer: the schema and every row group's statistics. */
    public ParquetReadOptions parquet() {
        return parquet;
    }

    /** Orc's options for a file of {@code length} bytes. */
    public OrcFile.ReaderOptions orc(long length) {
        return OrcFile.readerOptions(conf).maxLength(length);
    }
}

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
package dev.formattable.rest.testutils;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.options.Options;
import org.apache.paimon.rest.RESTCatalogServer;
import org.apache.paimon.rest.RESTToken;
import org.apache.paimon.rest.auth.BearTokenAuthProvider;
import org.apache.paimon.rest.responses.ConfigResponse;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A real Paimon REST catalog for tests: Paimon's own test server ({@code RESTCatalogServer}, the
 * one Paimon's tests run), backed by Paimon's file-system catalog in a temporary directory, in this
 * JVM. One is started per JVM, on the first test class that registers the extension (a static field
 * with {@code @RegisterExtension}), and stopped when the JVM exits; test classes share it, so each
 * uses databases of its own.
 */
public final class RestCatalogExtension implements BeforeAllCallback {

    /** The bearer token the server accepts. */
    public static final String TOKEN = "format-table-test-token";

    /** The catalog's name: a REST catalog's {@code warehouse} names it, it is no path. */
    public static final String WAREHOUSE = "format_table_rest";

    private static Path dir;
    private static RESTCatalogServer server;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        synchronized (RestCatalogExtension.class) {
            if (server == null) {
                start();
            }
        }
    }

    private static void start() throws IOException {
        dir = Files.createTempDirectory("paimon-rest");
        Path data = dir.resolve("warehouse");
        Map<String, String> defaults = new HashMap<>();
        defaults.put("prefix", "paimon");
        defaults.put("warehouse", WAREHOUSE);
        server =
                new RESTCatalogServer(
                        data.toString(),
                        new BearTokenAuthProvider(TOKEN),
                        new ConfigResponse(defaults, Map.of()),
                        WAREHOUSE);
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(RestCatalogExtension::stop));
    }

    private static void stop() {
        try {
            server.shutdown();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server's URI, as the catalog's {@code uri}. */
    public String uri() {
        return server.getUrl();
    }

    /** Where the server's file-system catalog keeps databases and tables. */
    public Path dataDir() {
        return dir.resolve("warehouse");
    }

    /** The options of a format-table catalog over this server, without {@code type}. */
    public Map<String, String> catalogOptions() {
        Map<String, String> options = new HashMap<>();
        options.put("metastore", "rest");
        options.put("uri", uri());
        options.put("warehouse", WAREHOUSE);
        options.put("token.provider", "bear");
        options.put("token", TOKEN);
        return options;
    }

    /** Paimon's own REST catalog over this server, as a Paimon user would open it, uncached. */
    public Catalog paimonCatalog() {
        Options options = new Options();
        options.set("metastore", "rest");
        options.set("uri", uri());
        options.set("warehouse", WAREHOUSE);
        options.set("token.provider", "bear");
        options.set("token", TOKEN);
        // Each look is a request: a test checks what the catalog holds now.
        options.set("cache-enabled", "false");
        return CatalogFactory.createCatalog(CatalogContext.create(options));
    }

    /** Makes the server hand out data credentials for a table's storage. */
    public void setDataToken(String database, String table, Map<String, String> token) {
        server.setDataToken(
                Identifier.create(database, table),
                new RESTToken(token, System.currentTimeMillis() + 3_600_000L));
    }
}

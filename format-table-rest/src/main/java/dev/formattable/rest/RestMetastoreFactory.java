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
package dev.formattable.rest;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreFactory;
import dev.formattable.core.options.ConfigOption;

import org.apache.paimon.options.Options;
import org.apache.paimon.rest.RESTApi;
import org.apache.paimon.rest.exceptions.RESTException;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Opens a Paimon REST catalog for a catalog with {@code 'metastore'='rest'}, through Paimon's own
 * REST client. The keys are those of Paimon's REST catalog; {@code warehouse} names the catalog the
 * server serves, and headers go as {@code header.<name>}.
 */
public final class RestMetastoreFactory implements MetastoreFactory {

    public static final String IDENTIFIER = "rest";

    /** The prefix of extra HTTP headers sent with every request, as Paimon's client reads them. */
    public static final String HEADER_PREFIX = "header.";

    public static final ConfigOption<String> URI =
            ConfigOption.key("uri")
                    .of(
                            String.class,
                            null,
                            "The REST catalog's base URI, such as 'http://host:8080'. Required.");

    public static final ConfigOption<String> TOKEN_PROVIDER =
            ConfigOption.key("token.provider")
                    .of(
                            String.class,
                            null,
                            "How requests are authenticated: 'bear' (a bearer token, 'token') or"
                                    + " 'dlf' (Alibaba Cloud DLF's signed requests, the 'dlf.'"
                                    + " keys).");

    public static final ConfigOption<String> TOKEN =
            ConfigOption.key("token")
                    .of(String.class, null, "The bearer token, with 'token.provider'='bear'.");

    public static final ConfigOption<String> DLF_REGION =
            dlf("dlf.region", "The DLF region, with 'token.provider'='dlf'.");
    public static final ConfigOption<String> DLF_ACCESS_KEY_ID =
            dlf("dlf.access-key-id", "The access key id DLF requests are signed with.");
    public static final ConfigOption<String> DLF_ACCESS_KEY_SECRET =
            dlf("dlf.access-key-secret", "The access key secret DLF requests are signed with.");
    public static final ConfigOption<String> DLF_SECURITY_TOKEN =
            dlf("dlf.security-token", "The security token of temporary DLF access keys.");
    public static final ConfigOption<String> DLF_TOKEN_PATH =
            dlf("dlf.token-path", "A local file DLF access keys are read from, and re-read.");
    public static final ConfigOption<String> DLF_TOKEN_LOADER =
            dlf(
                    "dlf.token-loader",
                    "Where DLF access keys are loaded from: 'ecs' (the instance's role), or"
                            + " 'local_file' ('dlf.token-path').");
    public static final ConfigOption<String> DLF_TOKEN_ECS_METADATA_URL =
            dlf(
                    "dlf.token-ecs-metadata-url",
                    "The ECS metadata URL that 'dlf.token-loader'='ecs' asks for keys.");
    public static final ConfigOption<String> DLF_TOKEN_ECS_ROLE_NAME =
            dlf("dlf.token-ecs-role-name", "The ECS role that 'dlf.token-loader'='ecs' assumes.");
    public static final ConfigOption<String> DLF_OSS_ENDPOINT =
            dlf("dlf.oss-endpoint", "The OSS endpoint of the tables' data, for DLF.");
    public static final ConfigOption<String> DLF_SIGNING_ALGORITHM =
            dlf(
                    "dlf.signing-algorithm",
                    "How DLF requests are signed, as Paimon's client takes it.");

    private static ConfigOption<String> dlf(String key, String description) {
        return ConfigOption.key(key).of(String.class, null, description);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public List<ConfigOption<?>> options() {
        return List.of(
                URI,
                TOKEN_PROVIDER,
                TOKEN,
                DLF_REGION,
                DLF_ACCESS_KEY_ID,
                DLF_ACCESS_KEY_SECRET,
                DLF_SECURITY_TOKEN,
                DLF_TOKEN_PATH,
                DLF_TOKEN_LOADER,
                DLF_TOKEN_ECS_METADATA_URL,
                DLF_TOKEN_ECS_ROLE_NAME,
                DLF_OSS_ENDPOINT,
                DLF_SIGNING_ALGORITHM);
    }

    @Override
    public List<String> optionPrefixes() {
        return List.of(HEADER_PREFIX);
    }

    @Override
    public Metastore open(Map<String, String> options, FileIO fileIO) throws IOException {
        String uri = options.get(URI.key());
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException(
                    "Option 'uri' is required with 'metastore'='rest': the REST catalog's base"
                            + " URI, such as 'http://host:8080'");
        }
        String warehouse = options.get("warehouse");
        if (warehouse == null || warehouse.isBlank()) {
            throw new IllegalArgumentException(
                    "Option 'warehouse' is required with 'metastore'='rest': the name of the"
                            + " catalog the server serves");
        }
        Options paimon = new Options();
        options()
                .forEach(
                        o -> {
                            String value = options.get(o.key());
                            if (value != null) {
                                paimon.set(o.key(), value);
                            }
                        });
        options.forEach(
                (k, v) -> {
                    if (k.startsWith(HEADER_PREFIX)) {
                        paimon.set(k, v);
                    }
                });
        paimon.set("metastore", "rest");
        paimon.set("warehouse", warehouse);
        RESTApi api;
        try {
            // Asks the server for its configuration (its prefix, its defaults) first.
            api = new RESTApi(paimon);
        } catch (RESTException | IllegalArgumentException e) {
            throw new IOException(
                    String.format(
                            "Cannot open the REST catalog '%s' at %s: %s",
                            warehouse, uri, e.getMessage()),
                    e);
        }
        return new RestMetastore(fileIO, api, warehouse);
    }
}

package dev.formattable.flink.table;

import dev.formattable.core.options.OptionsDocs;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.description.HtmlFormatter;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fails when the connector section of {@code docs/options.md} drifts from the declarations, and
 * checks that the factory declares every core table option. Regenerate with {@code
 * -Dformattable.regenerate-docs=true}.
 */
class ConnectorOptionsDocsTest {

    static final Path DOC = Path.of("..", "docs", "options.md");

    @Test
    void connectorOptionsReferenceIsUpToDate() throws IOException {
        List<OptionsDocs.Row> rows = new ArrayList<>();
        for (ConfigOption<?> o : FormatTableConnectorOptions.connectorOptions()) {
            String fallback =
                    StreamSupport.stream(o.fallbackKeys().spliterator(), false)
                            .map(FallbackKey::getKey)
                            .collect(Collectors.joining(", "));
            rows.add(
                    new OptionsDocs.Row(
                            o.key(),
                            fallback,
                            o.hasDefaultValue() ? String.valueOf(o.defaultValue()) : "(none)",
                            typeName(o),
                            new HtmlFormatter().format(o.description())));
        }
        String current = Files.readString(DOC);
        String expected = OptionsDocs.replaceSection(current, "connector", OptionsDocs.table(rows));
        if (Boolean.getBoolean("formattable.regenerate-docs")) {
            Files.writeString(DOC, expected);
            current = expected;
        }
        assertThat(current)
                .as("docs/options.md is out of date; run with -Dformattable.regenerate-docs=true")
                .isEqualTo(expected);
    }

    @Test
    void everyCoreOptionIsAnOptionOfTheFactory() {
        FormatTableDynamicTableFactory factory = new FormatTableDynamicTableFactory();
        List<String> keys = new ArrayList<>();
        factory.optionalOptions().forEach(o -> keys.add(o.key()));
        factory.requiredOptions().forEach(o -> keys.add(o.key()));
        List<String> coreKeys = new ArrayList<>();
        dev.formattable.core.options.FormatTableOptions.all().forEach(o -> coreKeys.add(o.key()));
        assertThat(keys).containsAll(coreKeys).contains("path", "sink.parallelism");
    }

    private static String typeName(ConfigOption<?> option) {
        try {
            java.lang.reflect.Method m = ConfigOption.class.getDeclaredMethod("getClazz");
            m.setAccessible(true);
            return ((Class<?>) m.invoke(option)).getSimpleName();
        } catch (ReflectiveOperationException e) {
            return "";
        }
    }
}

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
package dev.formattable.quickstart;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SourceReaderOptions;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a SQL script on an embedded, local Flink in batch mode and prints every query result as a
 * table.
 *
 * <p>Usage: {@code SqlScriptRunner [script.sql] [--warehouse <dir>]}. The defaults are {@value
 * #DEFAULT_SCRIPT} and {@value #DEFAULT_WAREHOUSE}, both relative to the working directory.
 *
 * <p>What a run does:
 *
 * <ol>
 *   <li><b>The warehouse is deleted and recreated on every run</b>, so a script always starts from
 *       an empty warehouse and can be run again and again. To make sure this never wipes a
 *       directory it did not create, the runner leaves a marker file ({@value #MARKER}) in the
 *       warehouse and refuses to delete a non-empty directory without it.
 *   <li>{@code ${warehouse}} in the script is replaced by the warehouse's absolute path (with
 *       {@code '} doubled, as the placeholder is meant to sit inside a string literal).
 *   <li>The script is split into statements on {@code ;} outside quotes and comments ({@code --}
 *       and {@code /* *}{@code /}); each statement remembers the line it starts on.
 *   <li>The statements run one by one in one batch {@link TableEnvironment}. An INSERT is waited
 *       for; a statement with rows to show (SELECT, SHOW, EXPLAIN, ...) is printed as a table.
 *   <li>The first failing statement stops the run: {@code Statement at line N failed: <root cause>}
 *       and the statement go to the error stream, and the exit code is 1.
 * </ol>
 *
 * <p>{@link #run} does all of this without calling {@link System#exit}; {@link #main} calls it with
 * a non-zero exit code.
 */
public final class SqlScriptRunner {

    static final String DEFAULT_SCRIPT = "examples/quickstart.sql";
    static final String DEFAULT_WAREHOUSE = "quickstart-warehouse";
    static final String MARKER = ".quickstart-warehouse";

    static final int OK = 0;
    static final int STATEMENT_FAILED = 1;
    static final int USAGE = 2;

    private static final String USAGE_TEXT =
            "Usage: SqlScriptRunner [script.sql] [--warehouse <dir>]\n"
                    + "  script.sql   the script to run (default: "
                    + DEFAULT_SCRIPT
                    + ")\n"
                    + "  --warehouse  the directory ${warehouse} stands for; deleted and"
                    + " recreated on every run (default: ./"
                    + DEFAULT_WAREHOUSE
                    + ")";

    private static final long INSERT_TIMEOUT_MINUTES = 10;
    private static final int MAX_HEADLINE = 100;

    private SqlScriptRunner() {}

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != OK) {
            System.exit(code);
        }
    }

    /** Parses the arguments and runs the script; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path script = null;
        Path warehouse = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--warehouse")) {
                if (i + 1 >= args.length || warehouse != null) {
                    err.println(USAGE_TEXT);
                    return USAGE;
                }
                warehouse = Path.of(args[++i]);
            } else if (arg.equals("-h") || arg.equals("--help")) {
                out.println(USAGE_TEXT);
                return OK;
            } else if (arg.startsWith("-") || script != null) {
                err.println("Unexpected argument: " + arg);
                err.println(USAGE_TEXT);
                return USAGE;
            } else {
                script = Path.of(arg);
            }
        }
        return run(
                script == null ? Path.of(DEFAULT_SCRIPT) : script,
                warehouse == null ? Path.of(DEFAULT_WAREHOUSE) : warehouse,
                out,
                err);
    }

    /** Runs {@code script} against a fresh {@code warehouse}; returns the exit code. */
    public static int run(Path script, Path warehouse, PrintStream out, PrintStream err) {
        String text;
        try {
            text = Files.readString(script, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("Cannot read the script " + script.toAbsolutePath() + ": " + e);
            return USAGE;
        }
        Path home = warehouse.toAbsolutePath().normalize();
        try {
            resetWarehouse(home);
        } catch (IOException | IllegalStateException e) {
            err.println("Cannot prepare the warehouse " + home + ": " + e.getMessage());
            return USAGE;
        }
        out.println("Script:    " + script.toAbsolutePath().normalize());
        out.println("Warehouse: " + home + " (deleted and recreated: every run starts empty)");

        List<Statement> statements = split(text.replace("${warehouse}", escape(home.toString())));
        TableEnvironment env = TableEnvironment.create(settings());
        for (Statement statement : statements) {
            out.println();
            out.println("-- line " + statement.line() + ": " + headline(statement.sql()));
            try {
                execute(env, statement.sql(), out);
            } catch (Throwable t) {
                out.flush();
                err.println("Statement at line " + statement.line() + " failed: " + rootMessage(t));
                err.println(indent(statement.sql()));
                return STATEMENT_FAILED;
            }
        }
        out.println();
        out.println("Done: " + statements.size() + " statements.");
        return OK;
    }

    /** Batch mode on an embedded, local Flink. */
    static EnvironmentSettings settings() {
        Configuration conf = new Configuration();
        conf.set(ExecutionConfigOptions.TABLE_EXEC_RESOURCE_DEFAULT_PARALLELISM, 2);
        // Caps a known Flink 2.3 stall when a source reader closes its split fetchers.
        conf.set(SourceReaderOptions.SOURCE_READER_CLOSE_TIMEOUT, 1000L);
        return EnvironmentSettings.newInstance().inBatchMode().withConfiguration(conf).build();
    }

    private static void execute(TableEnvironment env, String sql, PrintStream out)
            throws Exception {
        TableResult result = env.executeSql(sql);
        String verb = firstWord(sql);
        if (verb.equals("INSERT") || verb.equals("EXECUTE") || verb.equals("BEGIN")) {
            // A job that writes: wait for it, its result holds no rows worth showing.
            if (result.getJobClient().isPresent()) {
                result.await(INSERT_TIMEOUT_MINUTES, TimeUnit.MINUTES);
            }
            out.println("Done.");
        } else if (result.getResultKind() == ResultKind.SUCCESS_WITH_CONTENT) {
            List<String> names = result.getResolvedSchema().getColumnNames();
            List<Row> rows = new ArrayList<>();
            try (CloseableIterator<Row> it = result.collect()) {
                it.forEachRemaining(rows::add);
            }
            out.print(AsciiTable.render(names, rows));
        } else {
            out.println("OK.");
        }
    }

    // ---------------------------------------------------------------------------------------
    // The warehouse

    /** Deletes and recreates {@code home}, refusing to delete what the runner did not create. */
    static void resetWarehouse(Path home) throws IOException {
        if (Files.exists(home)) {
            if (!Files.isDirectory(home)) {
                throw new IllegalStateException("it exists and is not a directory");
            }
            boolean empty;
            try (Stream<Path> children = Files.list(home)) {
                empty = children.findAny().isEmpty();
            }
            if (!empty && !Files.exists(home.resolve(MARKER))) {
                throw new IllegalStateException(
                        "it is not empty and was not created by this runner (no "
                                + MARKER
                                + " file in it); every run deletes the warehouse, so choose"
                                + " a new or empty directory");
            }
            try (Stream<Path> all = Files.walk(home)) {
                for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(home);
        Files.writeString(
                home.resolve(MARKER),
                "Created by the format-table quickstart; deleted and recreated on every run.\n");
    }

    private static String escape(String path) {
        return path.replace("'", "''");
    }

    // ---------------------------------------------------------------------------------------
    // Splitting

    /** One statement of a script: its text without comments and the line it starts on. */
    public record Statement(int line, String sql) {}

    /**
     * Splits a script into statements on {@code ;} outside quotes ({@code '...'}, {@code "..."},
     * {@code `...`}) and comments ({@code -- ...} up to the end of the line, {@code /* ... *}{@code
     * /}). Comments are dropped; line breaks are kept. Blank statements are skipped. A last
     * statement without {@code ;} is kept too.
     */
    public static List<Statement> split(String script) {
        List<Statement> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int line = 1;
        int startLine = -1;
        char quote = 0;
        int n = script.length();
        for (int i = 0; i < n; i++) {
            char c = script.charAt(i);
            char next = i + 1 < n ? script.charAt(i + 1) : 0;
            if (quote != 0) {
                // Inside a quoted string or identifier; a doubled quote just closes and reopens.
                current.append(c);
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '-' && next == '-') {
                while (i + 1 < n && script.charAt(i + 1) != '\n') {
                    i++;
                }
                continue;
            } else if (c == '/' && next == '*') {
                i += 2;
                while (i < n
                        && !(script.charAt(i) == '*' && i + 1 < n && script.charAt(i + 1) == '/')) {
                    if (script.charAt(i) == '\n') {
                        line++;
                        if (startLine >= 0) {
                            current.append('\n');
                        }
                    }
                    i++;
                }
                i++; // past the closing '/'
                if (startLine >= 0) {
                    current.append(' ');
                }
                continue;
            } else if (c == ';') {
                add(statements, startLine, current);
                current.setLength(0);
                startLine = -1;
                continue;
            } else {
                if (c == '\'' || c == '"' || c == '`') {
                    quote = c;
                }
                if (startLine < 0 && !Character.isWhitespace(c)) {
                    startLine = line;
                }
                if (startLine >= 0) {
                    current.append(c);
                }
            }
            if (c == '\n') {
                line++;
            }
        }
        add(statements, startLine, current);
        return statements;
    }

    private static void add(List<Statement> statements, int startLine, StringBuilder sql) {
        String text = sql.toString().strip();
        if (startLine >= 0 && !text.isEmpty()) {
            // Trailing blanks of each line are comment leftovers; drop them.
            statements.add(new Statement(startLine, text.replaceAll("[ \\t]+\\n", "\n")));
        }
    }

    // ---------------------------------------------------------------------------------------
    // Messages

    private static String firstWord(String sql) {
        int end = 0;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql.substring(0, end).toUpperCase(Locale.ROOT);
    }

    /** The statement on one line, shortened. */
    static String headline(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MAX_HEADLINE
                ? oneLine
                : oneLine.substring(0, MAX_HEADLINE - 3) + "...";
    }

    /** The message of the deepest cause, or its class name when it has none. */
    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getName() : message.strip();
    }

    private static String indent(String sql) {
        return "    " + sql.replace("\n", "\n    ");
    }
}

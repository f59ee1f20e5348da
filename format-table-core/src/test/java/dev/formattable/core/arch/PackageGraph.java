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
package dev.formattable.core.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The dependencies between the packages of a source tree, read from the sources: every reference to
 * another package of the project, by import or by qualified name, outside comments and string
 * literals. Finds the cycles among them (strongly connected components of more than one package).
 */
public final class PackageGraph {

    private static final Pattern PACKAGE =
            Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    /** package → package it refers to → the classes that refer, as {@code Class->Target}. */
    private final Map<String, Map<String, Set<String>>> edges = new TreeMap<>();

    private PackageGraph() {}

    /** Reads every {@code .java} file under {@code sourceRoot}, keeping references under prefix. */
    public static PackageGraph of(Path sourceRoot, String prefix) {
        PackageGraph graph = new PackageGraph();
        Pattern reference =
                Pattern.compile(
                        "\\b(" + Pattern.quote(prefix) + "(?:\\.[a-z_]\\w*)*)\\.([A-Z]\\w*)");
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            for (Path file :
                    files.filter(p -> p.toString().endsWith(".java"))
                            .sorted()
                            .collect(Collectors.toList())) {
                String source = code(Files.readString(file));
                Matcher p = PACKAGE.matcher(source);
                if (!p.find()) {
                    continue;
                }
                String from = p.group(1);
                String name = file.getFileName().toString().replace(".java", "");
                graph.edges.computeIfAbsent(from, k -> new TreeMap<>());
                Matcher m = reference.matcher(source.substring(p.end()));
                while (m.find()) {
                    String to = m.group(1);
                    if (!to.equals(from)) {
                        graph.edges
                                .get(from)
                                .computeIfAbsent(to, k -> new TreeSet<>())
                                .add(name + "->" + m.group(2));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the sources under " + sourceRoot, e);
        }
        return graph;
    }

    /** The packages found. */
    public Set<String> packages() {
        return edges.keySet();
    }

    /**
     * Each cycle as its packages and the references that close it, one line per edge inside it;
     * empty when the packages form a directed acyclic graph.
     */
    public List<String> cycles() {
        List<String> report = new ArrayList<>();
        for (Set<String> component : components()) {
            if (component.size() < 2) {
                continue;
            }
            StringBuilder sb = new StringBuilder("cycle among " + component + ":");
            for (String a : component) {
                for (Map.Entry<String, Set<String>> e : edges.get(a).entrySet()) {
                    if (component.contains(e.getKey())) {
                        sb.append("\n  ").append(a).append(" -> ").append(e.getKey());
                        sb.append(' ').append(e.getValue());
                    }
                }
            }
            report.add(sb.toString());
        }
        return report;
    }

    /** Tarjan's strongly connected components, iteratively. */
    private List<Set<String>> components() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> result = new ArrayList<>();
        int[] next = {0};
        for (String root : edges.keySet()) {
            if (!index.containsKey(root)) {
                visit(root, index, low, stack, onStack, result, next);
            }
        }
        return result;
    }

    private void visit(
            String v,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            List<Set<String>> result,
            int[] next) {
        index.put(v, next[0]);
        low.put(v, next[0]);
        next[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : edges.getOrDefault(v, Map.of()).keySet()) {
            if (!edges.containsKey(w)) {
                continue; // a package outside the tree (a test jar's, say)
            }
            if (!index.containsKey(w)) {
                visit(w, index, low, stack, onStack, result, next);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            result.add(component);
        }
    }

    /**
     * The source without comments, string and character literals, which name packages without using
     * them. A plain scan: regular expressions overflow the stack on long literals.
     */
    static String code(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int close = source.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                boolean block = c == '"' && source.startsWith("\"\"\"", i);
                String end = block ? "\"\"\"" : String.valueOf(c);
                i += end.length();
                while (i < n && !source.startsWith(end, i)) {
                    i += source.charAt(i) == '\\' ? 2 : 1;
                }
                i += end.length();
                out.append("\"\"");
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}

package dev.formattable.core.arch;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The core's packages depend on each other in one direction only: no cycle among them. */
class PackageCyclesTest {

    @Test
    void corePackagesFormNoCycle() {
        PackageGraph graph = PackageGraph.of(Path.of("src", "main", "java"), "dev.formattable");
        assertThat(graph.packages()).contains("dev.formattable.core.scan", "dev.formattable.core");
        assertThat(graph.cycles()).as("package cycles in format-table-core").isEmpty();
    }

    @Test
    void aCycleIsFoundAndNamed() {
        PackageGraph graph =
                PackageGraph.of(Path.of("src", "test", "resources", "arch", "cycle"), "example");
        assertThat(graph.cycles())
                .singleElement()
                .asString()
                .contains("cycle among [example.a, example.b]")
                .contains("example.a -> example.b [A->B]")
                .contains("example.b -> example.a [B->A]");
    }
}

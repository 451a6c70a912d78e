package io.pqx.e2e.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture rules of docs/architecture.md, checked on the main classes of every pqx module
 * (the e2e-tests module depends on all of them). No rule is frozen and none has exceptions: a
 * violation fails the build.
 *
 * <p>Every rule must check classes ({@code allowEmptyShould} stays off), so a broken import cannot
 * make one pass vacuously.
 */
class ArchitectureTest {

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses = TestingPqxClasses.main();
    }

    @Test
    void importsTheFormatModule() {
        // Guards every rule below against passing on an empty import.
        assertThat(mainClasses.containPackage("io.pqx.format")).isTrue();
    }

    @Test
    void sourceDoesNotDependOnSink() {
        check(
                noClasses()
                        .that()
                        .resideInAPackage("io.pqx.source..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAPackage("io.pqx.sink.."));
    }

    @Test
    void sinkDoesNotDependOnSource() {
        check(
                noClasses()
                        .that()
                        .resideInAPackage("io.pqx.sink..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAPackage("io.pqx.source.."));
    }

    @Test
    void noMainCodeUsesHadoop() {
        check(
                noClasses()
                        .that()
                        .resideInAPackage("io.pqx..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAPackage("org.apache.hadoop.."));
    }

    @Test
    void formatDependsOnNoOtherPqxModule() {
        check(
                noClasses()
                        .that()
                        .resideInAPackage("io.pqx.format..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage(
                                "io.pqx.source..",
                                "io.pqx.sink..",
                                "io.pqx.table..",
                                "io.pqx.tools.."));
    }

    @Test
    void connectorsDoNotDependOnTableOrTools() {
        check(
                noClasses()
                        .that()
                        .resideInAnyPackage("io.pqx.source..", "io.pqx.sink..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage("io.pqx.table..", "io.pqx.tools.."));
    }

    @Test
    void mainCodeDoesNotUseTestFrameworks() {
        check(
                noClasses()
                        .that()
                        .resideInAPackage("io.pqx..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage("org.junit..", "junit..", "org.assertj.."));
    }

    @Test
    void packagesAreFreeOfCycles() {
        check(slices().matching("io.pqx.(**)").should().beFreeOfCycles());
    }

    private static void check(ArchRule rule) {
        rule.check(mainClasses);
    }
}

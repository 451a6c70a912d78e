package io.pqx.source;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The source's packages by role: what runs on the JobManager (the enumerator and its discovery,
 * planning and assignment) and what runs on the TaskManagers (the reader) meet only in the packages
 * both use (the split, the runtime filters, pruning by predicate, typed partition values, the
 * watermark column), so neither side's code lands on the other by an import. Checked on the
 * module's main classes; no exceptions, nothing frozen.
 */
class SourcePackageRolesTest {

    private static final String READER = "io.pqx.source.reader..";
    private static final String[] JOB_MANAGER = {
        "io.pqx.source.enumerator..",
        "io.pqx.source.planning..",
        "io.pqx.source.discovery..",
        "io.pqx.source.assigner.."
    };
    private static final String[] SHARED = {
        "io.pqx.source.split..",
        "io.pqx.source.runtimefilter..",
        "io.pqx.source.pruning..",
        "io.pqx.source.partition..",
        "io.pqx.source.eventtime..",
        "io.pqx.source.crypto.."
    };

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.pqx.source");
    }

    @Test
    void importsBothSides() {
        // Guards the rules below against passing on an empty import.
        assertThat(mainClasses.containPackage("io.pqx.source.reader")).isTrue();
        assertThat(mainClasses.containPackage("io.pqx.source.enumerator")).isTrue();
        assertThat(mainClasses.containPackage("io.pqx.source.planning")).isTrue();
        assertThat(mainClasses.containPackage("io.pqx.source.pruning")).isTrue();
    }

    @Test
    void readerDependsOnNoJobManagerPackage() {
        noClasses()
                .that()
                .resideInAPackage(READER)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(JOB_MANAGER)
                .because(
                        "the reader runs on the TaskManagers; what it shares with the enumerator"
                                + " lives in the shared packages")
                .check(mainClasses);
    }

    @Test
    void jobManagerPackagesDependOnNoReaderPackage() {
        noClasses()
                .that()
                .resideInAnyPackage(JOB_MANAGER)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(READER)
                .because("the enumerator runs on the JobManager")
                .check(mainClasses);
    }

    @Test
    void sharedPackagesDependOnNeitherSidesOwnCode() {
        noClasses()
                .that()
                .resideInAnyPackage(SHARED)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        READER,
                        "io.pqx.source.enumerator..",
                        "io.pqx.source.planning..",
                        "io.pqx.source.assigner..")
                .because("both sides use them, so they may not pull either side in")
                .check(mainClasses);
    }
}

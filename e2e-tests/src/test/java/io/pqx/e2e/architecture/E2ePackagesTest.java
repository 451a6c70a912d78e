package io.pqx.e2e.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every test class of e2e-tests lives in e2e's own packages ({@code io.pqx.e2e..}), none in a pqx
 * module's: so javac holds these tests to the modules' public API, and a test that needs
 * package-private code lives in that code's module. The rule checks this module's compiled test
 * classes and fails when there are none.
 *
 * <p>One package is exempt: {@code io.pqx.source.flinkapifixture} holds the fixture classes that
 * {@code FlinkApiRuleTest} checks the Flink API rule against. The rule looks at pqx's production
 * packages and at the module each class belongs to, so its fixtures have to sit in one of them;
 * they use no pqx code at all.
 */
class E2ePackagesTest {

    @Test
    void testClassesLiveInE2ePackages() throws Exception {
        Path testClasses =
                Path.of(
                        E2ePackagesTest.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI());
        JavaClasses e2e = new ClassFileImporter().importPath(testClasses);
        classes()
                .should()
                .resideInAnyPackage("io.pqx.e2e..", "io.pqx.source.flinkapifixture")
                .because(
                        "e2e-tests reach pqx through its public API; tests of package-private code"
                                + " live in that code's module")
                .check(e2e);
    }
}

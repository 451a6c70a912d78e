package io.pqx.e2e.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The main classes of every pqx module, as the architecture rules check them. */
final class TestingPqxClasses {
    private TestingPqxClasses() {}

    static JavaClasses main() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // The format module's test-jar (shared test helpers) is test code too.
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.pqx");
    }
}

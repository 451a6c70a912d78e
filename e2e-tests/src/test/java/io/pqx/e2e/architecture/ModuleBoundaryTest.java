package io.pqx.e2e.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The modules meet at their declared public API (docs/architecture.md), in the spirit of Flink's
 * {@code ConnectorRules}: for every pqx module,
 *
 * <ol>
 *   <li>no class outside the module depends on a class of one of its internal packages (every
 *       package under the module's root that is not declared public);
 *   <li>the visible members (public and protected methods, constructors and fields) of the visible
 *       types of its public packages take and return no internal type of any pqx module and no
 *       {@code org.apache.parquet.internal} type, generic type arguments and type parameter bounds
 *       included ({@code Optional<X>}, {@code List<X>}); throws clauses are not checked;
 *   <li>the visible types of its public packages extend and implement no such type either, so
 *       they inherit no internal member.
 * </ol>
 *
 * <p>The declared-public packages are listed once, in {@link #MODULES}; they are the packages the
 * modules' READMEs ({@code flink-pqx-format/README.md}, {@code flink-pqx-source/README.md},
 * {@code flink-pqx-sink/README.md}) and {@code package-info.java} files call public. Nothing is
 * frozen and nothing is excepted. Rules over the format, the source and the sink must check
 * classes (an empty import fails them); rules over the table, an empty module today, may check
 * nothing until its first class lands.
 */
class ModuleBoundaryTest {

    /** A module: its root package and the packages of its public API (exact, not sub-packages). */
    record ModuleApi(String name, String root, List<String> publicPackages, boolean mayBeEmpty) {

        boolean contains(JavaClass c) {
            String p = c.getPackageName();
            return p.equals(root) || p.startsWith(root + ".");
        }

        boolean isInternal(JavaClass c) {
            return contains(c) && !publicPackages.contains(c.getPackageName());
        }

        boolean isPublicPackage(JavaClass c) {
            return publicPackages.contains(c.getPackageName());
        }
    }

    /**
     * The declared-public packages of every module, the one list the rules read. Keep it in step
     * with the module READMEs and {@code package-info.java} files.
     */
    static final List<ModuleApi> MODULES =
            List.of(
                    new ModuleApi(
                            "format",
                            "io.pqx.format",
                            List.of(
                                    "io.pqx.format",
                                    "io.pqx.format.options",
                                    "io.pqx.format.error",
                                    "io.pqx.format.io",
                                    "io.pqx.format.index",
                                    "io.pqx.format.metadata",
                                    "io.pqx.format.predicate",
                                    "io.pqx.format.prune"),
                            false),
                    new ModuleApi(
                            "sink",
                            "io.pqx.sink",
                            List.of("io.pqx.sink", "io.pqx.sink.options", "io.pqx.sink.state"),
                            false),
                    new ModuleApi(
                            "source",
                            "io.pqx.source",
                            List.of("io.pqx.source", "io.pqx.source.split", "io.pqx.source.runtimefilter"),
                            false),
                    new ModuleApi("table", "io.pqx.table", List.of("io.pqx.table"), true));

    /** parquet-java's own internals: no public pqx signature may hand them out. */
    private static final String PARQUET_INTERNAL = "org.apache.parquet.internal";

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses = TestingPqxClasses.main();
    }

    @Test
    void importsTheModulesThatHoldClasses() {
        // Guards the rules below against passing on an empty import.
        for (ModuleApi module : MODULES) {
            if (!module.mayBeEmpty()) {
                assertThat(mainClasses.stream().filter(module::isPublicPackage))
                        .as("public classes of " + module.name())
                        .isNotEmpty();
            }
        }
        assertThat(mainClasses.stream().filter(c -> c.getPackageName().startsWith("io.pqx.tools")))
                .as("classes of pqx-tools, a client of format and sink")
                .isNotEmpty();
    }

    @Test
    void nothingOutsideFormatUsesFormatInternals() {
        check(internalsStayInside(module("format")));
    }

    @Test
    void formatApiHandsOutNoInternalType() {
        checkApi(module("format"));
    }

    @Test
    void nothingOutsideSinkUsesSinkInternals() {
        check(internalsStayInside(module("sink")));
    }

    @Test
    void sinkApiHandsOutNoInternalType() {
        checkApi(module("sink"));
    }

    @Test
    void nothingOutsideSourceUsesSourceInternals() {
        check(internalsStayInside(module("source")));
    }

    @Test
    void sourceApiHandsOutNoInternalType() {
        checkApi(module("source"));
    }

    @Test
    void nothingOutsideTableUsesTableInternals() {
        check(internalsStayInside(module("table")));
    }

    @Test
    void tableApiHandsOutNoInternalType() {
        checkApi(module("table"));
    }

    private static ModuleApi module(String name) {
        return MODULES.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static ArchRule internalsStayInside(ModuleApi module) {
        return noClasses()
                .that(outside(module))
                .should()
                .dependOnClassesThat(internalOf(module))
                .because(
                        "other modules meet "
                                + module.name()
                                + " at its public packages "
                                + module.publicPackages());
    }

    /** Rules 2 and 3 on one module, checked together so one run reports every violation. */
    private static void checkApi(ModuleApi module) {
        ArchRule members =
                codeUnits()
                        .that(visibleMemberOfApiOf(module))
                        .should(handOutNoInternalType())
                        .allowEmptyShould(module.mayBeEmpty());
        ArchRule fieldRule =
                fields().that(visibleMemberOfApiOf(module))
                        .should(handOutNoInternalType())
                        // Few public types hold public fields; the code units guard the import.
                        .allowEmptyShould(true);
        ArchRule supertypes =
                classes()
                        .that(visibleApiTypeOf(module))
                        .should(extendAndImplementNoInternalType())
                        .allowEmptyShould(module.mayBeEmpty());
        List<String> failures = new ArrayList<>();
        for (ArchRule rule : List.of(members, fieldRule, supertypes)) {
            try {
                rule.check(mainClasses);
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(String.join("\n\n", failures));
        }
    }

    private static void check(ArchRule rule) {
        rule.check(mainClasses);
    }

    // ---- predicates ----

    private static DescribedPredicate<JavaClass> outside(ModuleApi module) {
        return DescribedPredicate.describe(
                "reside outside " + module.root() + "..", c -> !module.contains(c));
    }

    private static DescribedPredicate<JavaClass> internalOf(ModuleApi module) {
        return DescribedPredicate.describe(
                "reside in an internal package of " + module.name() + " (not in "
                        + module.publicPackages() + ")",
                module::isInternal);
    }

    /** Internal to some pqx module, or parquet-java's own internals. */
    private static boolean isInternal(JavaClass type) {
        JavaClass base = type.isArray() ? type.getBaseComponentType() : type;
        if (base.getPackageName().equals(PARQUET_INTERNAL)
                || base.getPackageName().startsWith(PARQUET_INTERNAL + ".")) {
            return true;
        }
        return MODULES.stream().anyMatch(m -> m.isInternal(base));
    }

    /** Public, and so is every class it is nested in. */
    private static boolean isVisible(JavaClass c) {
        if (c.isAnonymousClass() || c.isLocalClass() || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
        }
        return c.getEnclosingClass().map(ModuleBoundaryTest::isVisible).orElse(true);
    }

    private static DescribedPredicate<JavaClass> visibleApiTypeOf(ModuleApi module) {
        return DescribedPredicate.describe(
                "are public types of " + module.name() + "'s public packages",
                c -> module.isPublicPackage(c) && isVisible(c));
    }

    private static <M extends JavaMember> DescribedPredicate<M> visibleMemberOfApiOf(
            ModuleApi module) {
        return DescribedPredicate.describe(
                "are public or protected members of public types in "
                        + module.name()
                        + "'s public packages",
                member -> {
                    Set<JavaModifier> modifiers = member.getModifiers();
                    boolean visible =
                            modifiers.contains(JavaModifier.PUBLIC)
                                    || (modifiers.contains(JavaModifier.PROTECTED)
                                            && !member.getOwner()
                                                    .getModifiers()
                                                    .contains(JavaModifier.FINAL));
                    return visible
                            && !modifiers.contains(JavaModifier.SYNTHETIC)
                            && !modifiers.contains(JavaModifier.BRIDGE)
                            && module.isPublicPackage(member.getOwner())
                            && isVisible(member.getOwner());
                });
    }

    // ---- conditions ----

    private static <M extends JavaMember> ArchCondition<M> handOutNoInternalType() {
        return new ArchCondition<>(
                "take and return no type of an internal pqx package nor of "
                        + PARQUET_INTERNAL
                        + "..") {
            @Override
            public void check(M member, ConditionEvents events) {
                Set<String> found = new TreeSet<>();
                for (JavaType type : signatureTypes(member)) {
                    for (JavaClass raw : type.getAllInvolvedRawTypes()) {
                        if (isInternal(raw)) {
                            JavaClass base = raw.isArray() ? raw.getBaseComponentType() : raw;
                            found.add(base.getName());
                        }
                    }
                }
                for (String internal : found) {
                    events.add(
                            SimpleConditionEvent.violated(
                                    member,
                                    member.getDescription()
                                            + " hands out internal type "
                                            + internal
                                            + " in "
                                            + member.getSourceCodeLocation()));
                }
            }
        };
    }

    /** Return, parameter and field types, and the bounds of type parameters; not throws. */
    private static List<JavaType> signatureTypes(JavaMember member) {
        List<JavaType> types = new ArrayList<>();
        if (member instanceof JavaCodeUnit codeUnit) {
            types.add(codeUnit.getReturnType());
            types.addAll(codeUnit.getParameterTypes());
            for (JavaTypeVariable<?> variable : codeUnit.getTypeParameters()) {
                types.addAll(variable.getUpperBounds());
            }
        } else if (member instanceof JavaField field) {
            types.add(field.getType());
        }
        return types;
    }

    private static ArchCondition<JavaClass> extendAndImplementNoInternalType() {
        return new ArchCondition<>(
                "extend and implement no type of an internal pqx package nor of "
                        + PARQUET_INTERNAL
                        + "..") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                Set<JavaClass> supertypes = new LinkedHashSet<>(c.getAllRawSuperclasses());
                supertypes.addAll(c.getAllRawInterfaces());
                Set<JavaType> generic = new LinkedHashSet<>(c.getInterfaces());
                c.getSuperclass().ifPresent(generic::add);
                for (JavaType type : generic) {
                    supertypes.addAll(type.getAllInvolvedRawTypes());
                }
                for (JavaClass supertype : supertypes) {
                    if (isInternal(supertype)) {
                        events.add(
                                SimpleConditionEvent.violated(
                                        c,
                                        c.getName()
                                                + " extends or implements internal type "
                                                + supertype.getName()
                                                + " in "
                                                + c.getSourceCodeLocation()));
                    }
                }
            }
        };
    }
}

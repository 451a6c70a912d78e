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
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The modules meet at their declared API (docs/architecture.md), in the spirit of Flink's {@code
 * ConnectorRules}, keyed on Flink's stability annotations rather than on packages, so that a type
 * lives in the package of its role whatever its visibility:
 *
 * <ol>
 *   <li>every public top-level type of pqx's main code is marked {@link PublicEvolving} (for users)
 *       or {@link Internal} (pqx's own), never both;
 *   <li>no class outside a module depends on one of its {@code @Internal} types, except those of
 *       the packages the module shares with pqx's other modules ({@link ModuleApi#shared}, each
 *       with the reason);
 *   <li>the visible members (public and protected methods, constructors and fields) of the visible
 *       {@code @PublicEvolving} types take and return no {@code @Internal} pqx type and no {@code
 *       org.apache.parquet.internal} type, generic type arguments and type parameter bounds
 *       included ({@code Optional<X>}, {@code List<X>}); throws clauses are not checked;
 *   <li>{@code @PublicEvolving} types extend and implement no such type either, so they inherit no
 *       internal member.
 * </ol>
 *
 * <p>A nested type takes the mark of its top-level type. Nothing is frozen and nothing else is
 * excepted.
 *
 * <p>Towards Flink, {@link FlinkApiRule}: production code uses Flink's public API, except the
 * reviewed groups listed there, and the users' API extends no internal Flink class.
 */
class ModuleBoundaryTest {

    /** A package whose {@code @Internal} types pqx's other modules may use, and why. */
    record SharedPackage(String name, String why) {}

    /** A module: its root package and the packages it shares with pqx's other modules. */
    record ModuleApi(String name, String root, List<SharedPackage> shared, boolean mayBeEmpty) {

        boolean contains(JavaClass c) {
            String p = c.getPackageName();
            return p.equals(root) || p.startsWith(root + ".");
        }

        /** Part of the users' API: its top-level type is {@code @PublicEvolving}. */
        boolean isApi(JavaClass c) {
            return contains(c) && topLevel(c).isAnnotatedWith(PublicEvolving.class);
        }

        /** Not for users: a type of this module not marked {@code @PublicEvolving}. */
        boolean isInternal(JavaClass c) {
            return contains(c) && !isApi(c);
        }

        /** Not for pqx's other modules either: internal, and in no shared package. */
        boolean isClosed(JavaClass c) {
            return isInternal(c)
                    && shared.stream().noneMatch(p -> p.name().equals(c.getPackageName()));
        }
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass base = c.isArray() ? c.getBaseComponentType() : c;
        while (base.getEnclosingClass().isPresent()) {
            base = base.getEnclosingClass().get();
        }
        return base;
    }

    /** Every module, the one list the rules read. */
    static final List<ModuleApi> MODULES =
            List.of(
                    new ModuleApi(
                            "format",
                            "io.pqx.format",
                            List.of(
                                    new SharedPackage(
                                            "io.pqx.format",
                                            "the sink sizes its files and budgets its memory through"
                                                    + " WriterSizing, the writer's sizing view, the"
                                                    + " package's one @Internal type; a view in another"
                                                    + " package could not reach the writer's state"),
                                    new SharedPackage(
                                            "io.pqx.format.predicate",
                                            "the source and the SQL connector evaluate predicates on"
                                                    + " batches and footers with the format's evaluation"),
                                    new SharedPackage(
                                            "io.pqx.format.prune",
                                            "the source's planner and readers and the lookup reader"
                                                    + " prune with the format's pruners")),
                            false),
                    new ModuleApi(
                            "sink",
                            "io.pqx.sink",
                            List.of(
                                    new SharedPackage(
                                            "io.pqx.sink.partition",
                                            "the SQL connector gives each row the time its partition"
                                                    + " encodes (partition-time commits), computing the"
                                                    + " partition as the sink does")),
                            false),
                    new ModuleApi("source", "io.pqx.source", List.of(), false),
                    new ModuleApi("table", "io.pqx.table", List.of(), false));

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
                assertThat(mainClasses.stream().filter(module::isApi))
                        .as("public classes of " + module.name())
                        .isNotEmpty();
            }
        }
        assertThat(mainClasses.stream().filter(c -> c.getPackageName().startsWith("io.pqx.tools")))
                .as("classes of pqx-tools, a client of format and sink")
                .isNotEmpty();
    }

    @Test
    void everyPublicTypeIsMarkedPublicEvolvingOrInternal() {
        classes()
                .that(
                        DescribedPredicate.describe(
                                "are public top-level types of pqx",
                                c ->
                                        c.getPackageName().startsWith("io.pqx.")
                                                && !c.getEnclosingClass().isPresent()
                                                && !c.isAnonymousClass()
                                                && !c.isLocalClass()
                                                && c.getModifiers().contains(JavaModifier.PUBLIC)))
                .should(
                        new ArchCondition<>("be marked @PublicEvolving or @Internal, not both") {
                            @Override
                            public void check(JavaClass c, ConditionEvents events) {
                                boolean api = c.isAnnotatedWith(PublicEvolving.class);
                                boolean internal = c.isAnnotatedWith(Internal.class);
                                if (api == internal) {
                                    events.add(
                                            SimpleConditionEvent.violated(
                                                    c,
                                                    c.getName()
                                                            + (api
                                                                    ? " is marked both"
                                                                    : " is marked neither")
                                                            + " @PublicEvolving and @Internal"));
                                }
                            }
                        })
                .check(mainClasses);
    }

    @Test
    void formatsRootPackageSharesWriterSizingOnly() {
        // The root package is shared for this one view; another @Internal type there would be
        // shared without a reason of its own.
        assertThat(
                        mainClasses.stream()
                                .filter(c -> c.getPackageName().equals("io.pqx.format"))
                                .filter(ModuleBoundaryTest::isVisible)
                                .filter(module("format")::isInternal)
                                .map(JavaClass::getName))
                .containsExactly("io.pqx.format.WriterSizing");
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

    @Test
    void productionCodeUsesFlinkPublicApiOrItsListedExceptions() {
        check(FlinkApiRule.onlyPublicFlinkApi());
    }

    @Test
    void apiExtendsAndImplementsOnlyFlinkPublicApi() {
        check(FlinkApiRule.apiExtendsOnlyPublicFlinkApi());
    }

    private static ModuleApi module(String name) {
        return MODULES.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static ArchRule internalsStayInside(ModuleApi module) {
        return noClasses()
                .that(outside(module))
                .should()
                .dependOnClassesThat(closedOf(module))
                .because(
                        "other modules meet "
                                + module.name()
                                + " at its @PublicEvolving types and the @Internal types of its"
                                + " shared packages "
                                + module.shared());
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

    private static DescribedPredicate<JavaClass> closedOf(ModuleApi module) {
        return DescribedPredicate.describe(
                "are @Internal types of " + module.name() + " outside its shared packages",
                module::isClosed);
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
        if (c.isAnonymousClass()
                || c.isLocalClass()
                || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
        }
        return c.getEnclosingClass().map(ModuleBoundaryTest::isVisible).orElse(true);
    }

    private static DescribedPredicate<JavaClass> visibleApiTypeOf(ModuleApi module) {
        return DescribedPredicate.describe(
                "are public @PublicEvolving types of " + module.name(),
                c -> module.isApi(c) && isVisible(c));
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
                            && module.isApi(member.getOwner())
                            && isVisible(member.getOwner());
                });
    }

    // ---- conditions ----

    private static <M extends JavaMember> ArchCondition<M> handOutNoInternalType() {
        return new ArchCondition<>(
                "take and return no @Internal pqx type nor a type of " + PARQUET_INTERNAL + "..") {
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
                "extend and implement no @Internal pqx type nor a type of "
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

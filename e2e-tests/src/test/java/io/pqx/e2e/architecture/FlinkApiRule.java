package io.pqx.e2e.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.annotation.Annotation;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.annotation.Experimental;
import org.apache.flink.annotation.Public;
import org.apache.flink.annotation.PublicEvolving;

/**
 * pqx's production code depends on Flink's public API only, in the spirit of Flink's own {@code
 * ConnectorRules}: a class of {@code org.apache.flink..} that pqx uses is annotated {@link Public}
 * or {@link PublicEvolving}, or is nested in a class that is (a member is judged by its class), or
 * belongs to one group of {@link #ALLOWED}, each used only by the modules it names and each with
 * the reason no public API serves.
 *
 * <p>The list is short on purpose: before adding to it, look for the public alternative. A new
 * entry needs a reason that says why pqx cannot do without the class, and is listed in {@code
 * docs/architecture.md} ("Flink APIs pqx relies on").
 */
final class FlinkApiRule {
    private FlinkApiRule() {}

    /**
     * Non-public Flink classes some pqx modules may use: by exact class name (nested classes
     * included) or by package ({@code "a.b.."} for the package and its sub-packages).
     */
    record Allowed(String role, List<String> classes, Set<String> modules, String why) {

        boolean covers(String className) {
            for (String entry : classes) {
                if (entry.endsWith("..")) {
                    String pkg = entry.substring(0, entry.length() - 2);
                    if (className.startsWith(pkg + ".")) {
                        return true;
                    }
                } else if (className.equals(entry) || className.startsWith(entry + "$")) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final String FORMAT = "format";
    private static final String SOURCE = "source";
    private static final String SINK = "sink";
    private static final String TABLE = "table";
    private static final String TOOLS = "tools";

    /** The reviewed exceptions, grouped by the role they play in pqx. */
    static final List<Allowed> ALLOWED =
            List.of(
                    new Allowed(
                            "columnar data",
                            List.of("org.apache.flink.table.data.columnar.."),
                            Set.of(FORMAT, SOURCE, TABLE, TOOLS),
                            "Flink's only vectorized batch representation (vectors, heap vectors,"
                                    + " ColumnarRowData), used by its own Parquet and ORC readers;"
                                    + " pqx decodes into it"),
                    new Allowed(
                            "binary strings",
                            List.of(
                                    "org.apache.flink.table.data.binary.BinaryStringData",
                                    "org.apache.flink.table.data.binary.BinarySegmentUtils",
                                    "org.apache.flink.core.memory.MemorySegment"),
                            Set.of(FORMAT),
                            "the writer copies a string's UTF-8 bytes straight from its memory"
                                    + " segments; the public StringData hides them"),
                    new Allowed(
                            "variant bytes",
                            List.of("org.apache.flink.types.variant.BinaryVariant"),
                            Set.of(FORMAT, TOOLS),
                            "a VARIANT's value and metadata bytes, which Flink holds in Parquet's"
                                    + " Variant encoding and the public Variant interface hides:"
                                    + " the writer stores them, and pqx cat renders every"
                                    + " primitive type of the Variant spec from them (Flink's own"
                                    + " reading lacks time, nanosecond timestamps and uuid)"),
                    new Allowed(
                            "RowData type information and conversions",
                            List.of(
                                    "org.apache.flink.table.runtime.typeutils.InternalTypeInfo",
                                    "org.apache.flink.table.runtime.typeutils.RowDataSerializer",
                                    "org.apache.flink.table.data.conversion..",
                                    "org.apache.flink.table.types.logical.utils.LogicalTypeChecks",
                                    "org.apache.flink.table.types.logical.utils.LogicalTypeUtils"),
                            Set.of(FORMAT, SOURCE, SINK, TABLE),
                            "the TypeInformation and serializer of RowData, the internal/external"
                                    + " data converters and type helpers the table runtime itself"
                                    + " uses; pqx must map types exactly as it does, and Flink's"
                                    + " file and Kafka connectors use the same"),
                    new Allowed(
                            "runtime-filter coordination",
                            List.of(
                                    "org.apache.flink.runtime.operators.coordination..",
                                    "org.apache.flink.runtime.source.event.SourceEventWrapper",
                                    "org.apache.flink.runtime.jobgraph.OperatorID"),
                            Set.of(SOURCE),
                            "runtime filters go from a publishing operator's coordinator to the"
                                    + " source's enumerator; Flink offers operator coordinators"
                                    + " only through these classes"),
                    new Allowed(
                            "stream operators",
                            List.of(
                                    "org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory",
                                    "org.apache.flink.streaming.api.operators.CoordinatedOperatorFactory",
                                    "org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory",
                                    "org.apache.flink.streaming.api.operators.StreamOperatorParameters",
                                    "org.apache.flink.streaming.api.graph.StreamConfig",
                                    "org.apache.flink.streaming.runtime.streamrecord.StreamRecord",
                                    "org.apache.flink.streaming.runtime.tasks.ProcessingTimeService",
                                    "org.apache.flink.api.dag.Transformation",
                                    "org.apache.flink.streaming.api.transformations.SourceTransformation",
                                    "org.apache.flink.streaming.api.transformations.WithBoundedness"),
                            Set.of(SOURCE, SINK, TABLE),
                            "pqx's own operators (the runtime-filter publisher, the sink's"
                                    + " partition commit and overwrite, the table sink's"
                                    + " partition-time assigner) and the checks of the graph they"
                                    + " sit in; Flink's operator API is these classes"),
                    new Allowed(
                            "sink post-commit topology",
                            List.of("org.apache.flink.streaming.api.connector.sink2.."),
                            Set.of(SINK),
                            "@Experimental, not internal: the only way to run a step after the"
                                    + " commit (partition commit, overwrite)"),
                    new Allowed(
                            "checkpoint byte buffers",
                            List.of(
                                    "org.apache.flink.core.memory.DataInputDeserializer",
                                    "org.apache.flink.core.memory.DataOutputSerializer"),
                            Set.of(SINK, TABLE),
                            "the buffers Flink's own SimpleVersionedSerializers write with;"
                                    + " golden-bytes tests pin what pqx writes through them"),
                    new Allowed(
                            "types public methods hand out",
                            List.of(
                                    "org.apache.flink.configuration.FallbackKey",
                                    "org.apache.flink.api.java.typeutils.PojoField"),
                            Set.of(SINK, TABLE),
                            "returned by public API (ConfigOption.fallbackKeys(),"
                                    + " PojoTypeInfo.getPojoFieldAt) and unannotated or internal"
                                    + " themselves"),
                    new Allowed(
                            "connector runtime pieces",
                            List.of(
                                    "org.apache.flink.core.fs.ByteBufferReadable",
                                    "org.apache.flink.runtime.execution.SuppressRestartsException",
                                    "org.apache.flink.metrics.ThreadSafeSimpleCounter",
                                    "org.apache.flink.table.utils.PartitionPathUtils",
                                    "org.apache.flink.api.common.io.DefaultInputSplitAssigner",
                                    "org.apache.flink.connector.datagen.source.."),
                            Set.of(FORMAT, SOURCE, SINK, TABLE),
                            "one class per need: reads into ByteBuffers where the file system"
                                    + " can (@Experimental); failing a job that a restart cannot"
                                    + " fix; counters several threads update; partition paths"
                                    + " escaped exactly as Flink's filesystem connector does; the"
                                    + " lookup full cache's InputFormat split assigner; bounded"
                                    + " sources of fixed rows (@Experimental)"),
                    new Allowed(
                            "Flink utilities",
                            List.of("org.apache.flink.util.."),
                            Set.of(FORMAT, SOURCE, SINK, TABLE, TOOLS),
                            "exempted by Flink's own ConnectorRules too (thread factories and"
                                    + " the like)"),
                    new Allowed(
                            "command line bootstrap",
                            List.of(
                                    "org.apache.flink.configuration.GlobalConfiguration",
                                    "org.apache.flink.core.plugin.PluginUtils",
                                    "org.apache.flink.runtime.minicluster.."),
                            Set.of(TOOLS),
                            "pqx-tools only: the command line loads the Flink configuration and"
                                    + " file system plugins as Flink's own CLI does, and the demo"
                                    + " runs on a MiniCluster"));

    /** The rule on pqx's production classes, with {@link #ALLOWED}. */
    static ArchRule onlyPublicFlinkApi() {
        return onlyPublicFlinkApi(ALLOWED);
    }

    /** The rule with the given exceptions. */
    private static ArchRule onlyPublicFlinkApi(List<Allowed> allowed) {
        return classes()
                .that(
                        DescribedPredicate.describe(
                                "are production classes of pqx", c -> module(c).isPresent()))
                .should(dependOnPublicFlinkApiOnly(allowed))
                .because(
                        "pqx builds on Flink's public API; the non-public Flink classes it needs"
                                + " are listed, by role and with the reason, in FlinkApiRule and"
                                + " docs/architecture.md");
    }

    /**
     * pqx's users' API ({@code @PublicEvolving} types, nested ones by their top-level type) extends
     * and implements no internal Flink class (one not marked {@code @Public},
     * {@code @PublicEvolving} or {@code @Experimental}, itself or through a class it is nested in),
     * so that it hands out no Flink internal member and a change of Flink's internals cannot change
     * it. A wrapper holding the Flink object serves instead (as {@code ParquetBatch} holds Flink's
     * columnar batch). {@code @Experimental} is public API that may still change: the sinks
     * implement Flink's post-commit mix-in. No exceptions.
     */
    static ArchRule apiExtendsOnlyPublicFlinkApi() {
        return classes()
                .that(
                        DescribedPredicate.describe(
                                "are visible @PublicEvolving types of pqx's production code",
                                c ->
                                        module(c).isPresent()
                                                && topLevel(c).isAnnotatedWith(PublicEvolving.class)
                                                && isVisible(c)))
                .should(
                        new ArchCondition<>(
                                "extend and implement no org.apache.flink class that is not"
                                        + " @Public, @PublicEvolving or @Experimental") {
                            @Override
                            public void check(JavaClass c, ConditionEvents events) {
                                Set<JavaClass> supertypes =
                                        new LinkedHashSet<>(c.getAllRawSuperclasses());
                                supertypes.addAll(c.getAllRawInterfaces());
                                for (JavaClass s : supertypes) {
                                    if (s.getPackageName().startsWith("org.apache.flink.")
                                            && !isMarked(s, PUBLIC_OR_EXPERIMENTAL)) {
                                        events.add(
                                                SimpleConditionEvent.violated(
                                                        c,
                                                        c.getName()
                                                                + " extends or implements"
                                                                + " internal Flink class "
                                                                + s.getName()
                                                                + " in "
                                                                + c.getSourceCodeLocation()));
                                    }
                                }
                            }
                        });
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass base = c;
        while (base.getEnclosingClass().isPresent()) {
            base = base.getEnclosingClass().get();
        }
        return base;
    }

    private static boolean isVisible(JavaClass c) {
        if (c.isAnonymousClass()
                || c.isLocalClass()
                || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
        }
        return c.getEnclosingClass().map(FlinkApiRule::isVisible).orElse(true);
    }

    /**
     * The pqx module a class belongs to: {@code io.pqx.<module>..}, connectors and tools. Other
     * classes (e2e-tests, benchmarks) are not production code.
     */
    static Optional<String> module(JavaClass c) {
        String p = c.getPackageName();
        for (String m : List.of(FORMAT, SOURCE, SINK, TABLE, TOOLS)) {
            String root = "io.pqx." + m;
            if (p.equals(root) || p.startsWith(root + ".")) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    private static final List<Class<? extends Annotation>> PUBLIC =
            List.of(Public.class, PublicEvolving.class);
    private static final List<Class<? extends Annotation>> PUBLIC_OR_EXPERIMENTAL =
            List.of(Public.class, PublicEvolving.class, Experimental.class);

    /** Annotated {@code @Public}/{@code @PublicEvolving}, itself or a class it is nested in. */
    static boolean isPublicApi(JavaClass c) {
        return isMarked(c, PUBLIC);
    }

    private static boolean isMarked(JavaClass c, List<Class<? extends Annotation>> marks) {
        JavaClass current = c;
        while (true) {
            if (marks.stream().anyMatch(current::isAnnotatedWith)) {
                return true;
            }
            Optional<JavaClass> enclosing = current.getEnclosingClass();
            if (enclosing.isEmpty()) {
                return false;
            }
            current = enclosing.get();
        }
    }

    private static ArchCondition<JavaClass> dependOnPublicFlinkApiOnly(List<Allowed> allowed) {
        return new ArchCondition<>(
                "depend on org.apache.flink classes only if @Public or @PublicEvolving (or nested"
                        + " in one), or allowed for their module") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String module = module(origin).orElseThrow();
                Map<String, String> violations = new TreeMap<>();
                for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                    JavaClass target = d.getTargetClass();
                    JavaClass base = target.isArray() ? target.getBaseComponentType() : target;
                    if (!base.getPackageName().startsWith("org.apache.flink.")
                            || isPublicApi(base)) {
                        continue;
                    }
                    String name = base.getName();
                    boolean ok =
                            allowed.stream()
                                    .anyMatch(a -> a.modules().contains(module) && a.covers(name));
                    if (!ok) {
                        // one report per Flink class, at its first use
                        violations.putIfAbsent(
                                name,
                                origin.getName()
                                        + " ("
                                        + module
                                        + ") depends on non-public Flink class "
                                        + name
                                        + " in "
                                        + d.getSourceCodeLocation());
                    }
                }
                for (String v : violations.values()) {
                    events.add(SimpleConditionEvent.violated(origin, v));
                }
            }
        };
    }
}

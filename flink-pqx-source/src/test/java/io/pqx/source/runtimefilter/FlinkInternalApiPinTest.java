package io.pqx.source.runtimefilter;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.CoordinatorStore;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.operators.coordination.OperatorEventDispatcher;
import org.apache.flink.runtime.operators.coordination.OperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEventHandler;
import org.apache.flink.runtime.operators.coordination.RecreateOnResetOperatorCoordinator;
import org.apache.flink.runtime.source.coordinator.SourceCoordinator;
import org.apache.flink.runtime.source.event.SourceEventWrapper;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.CoordinatedOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.api.transformations.SourceTransformation;
import org.junit.jupiter.api.Test;

/**
 * Pins the Flink classes the runtime-filter channel relies on, most of them {@code @Internal} or
 * unannotated: this test fails when Flink's version leaves 2.3.x or one of the signatures used
 * changes, so that an upgrade re-checks the channel (see the source README, <i>Runtime filters</i>)
 * instead of breaking at run time.
 */
class FlinkInternalApiPinTest {

    @Test
    void flinkIsVersion2Point3() {
        assertThat(EnvironmentInformation.getVersion())
                .as("the Flink version the channel was checked on")
                .matches("2\\.3\\.\\d+.*");
    }

    private static Method method(
            Class<?> owner, String name, Class<?> returns, Class<?>... parameters)
            throws NoSuchMethodException {
        Method m;
        try {
            m = owner.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            m = owner.getDeclaredMethod(name, parameters);
        }
        assertThat(m.getReturnType())
                .as(owner.getSimpleName() + "#" + name + " returns")
                .isEqualTo(returns);
        return m;
    }

    @Test
    void theSourceSideSignaturesAreThoseUsed() throws Exception {
        method(SourceTransformation.class, "setCoordinatorListeningID", void.class, String.class);
        method(SourceTransformation.class, "getCoordinatorListeningID", String.class);
        method(SourceTransformation.class, "getSource", Source.class);
        Constructor<SourceEventWrapper> wrapper =
                SourceEventWrapper.class.getConstructor(SourceEvent.class);
        assertThat(OperatorEvent.class).isAssignableFrom(wrapper.getDeclaringClass());
        method(SourceEventWrapper.class, "getSourceEvent", SourceEvent.class);
        // the source coordinator is what registers under the listening ID and what is handed events
        assertThat(OperatorCoordinator.class).isAssignableFrom(SourceCoordinator.class);
    }

    @Test
    void theCoordinatorSignaturesAreThoseUsed() throws Exception {
        method(
                CoordinatedOperatorFactory.class,
                "getCoordinatorProvider",
                OperatorCoordinator.Provider.class,
                String.class,
                OperatorID.class);
        method(
                CoordinatedOperatorFactory.class,
                "createStreamOperator",
                StreamOperator.class,
                StreamOperatorParameters.class);
        Set<String> abstractMethods =
                Arrays.stream(OperatorCoordinator.class.getMethods())
                        .filter(m -> Modifier.isAbstract(m.getModifiers()))
                        .map(
                                m ->
                                        m.getName()
                                                + Arrays.stream(m.getParameterTypes())
                                                        .map(Class::getSimpleName)
                                                        .collect(Collectors.joining(",", "(", ")")))
                        .collect(Collectors.toCollection(TreeSet::new));
        assertThat(abstractMethods)
                .as("what PublisherCoordinator implements")
                .containsExactlyInAnyOrder(
                        "start()",
                        "close()",
                        "handleEventFromOperator(int,int,OperatorEvent)",
                        "checkpointCoordinator(long,CompletableFuture)",
                        "notifyCheckpointComplete(long)",
                        "resetToCheckpoint(long,byte[])",
                        "subtaskReset(int,long)",
                        "executionAttemptFailed(int,int,Throwable)",
                        "executionAttemptReady(int,int,SubtaskGateway)");
        method(
                OperatorCoordinator.class,
                "handleEventFromOperator",
                void.class,
                int.class,
                int.class,
                OperatorEvent.class);
        method(
                OperatorCoordinator.class,
                "checkpointCoordinator",
                void.class,
                long.class,
                CompletableFuture.class);
        method(OperatorCoordinator.Context.class, "getCoordinatorStore", CoordinatorStore.class);
        method(OperatorCoordinator.Context.class, "currentParallelism", int.class);
        method(CoordinatorStore.class, "get", Object.class, Object.class);
        method(CoordinatorStore.class, "compute", Object.class, Object.class, BiFunction.class);
        assertThat(
                        RecreateOnResetOperatorCoordinator.Provider.class.getConstructor(
                                OperatorID.class))
                .isNotNull();
        Method create =
                method(
                        RecreateOnResetOperatorCoordinator.Provider.class,
                        "getCoordinator",
                        OperatorCoordinator.class,
                        OperatorCoordinator.Context.class);
        assertThat(Modifier.isAbstract(create.getModifiers())).isTrue();
    }

    @Test
    void theOperatorSideSignaturesAreThoseUsed() throws Exception {
        method(
                StreamOperatorParameters.class,
                "getOperatorEventDispatcher",
                OperatorEventDispatcher.class);
        method(StreamOperatorParameters.class, "getStreamConfig", StreamConfig.class);
        method(StreamConfig.class, "getOperatorID", OperatorID.class);
        method(
                OperatorEventDispatcher.class,
                "getOperatorEventGateway",
                OperatorEventGateway.class,
                OperatorID.class);
        method(
                OperatorEventDispatcher.class,
                "registerEventHandler",
                void.class,
                OperatorID.class,
                OperatorEventHandler.class);
        method(
                OperatorEventGateway.class,
                "sendEventToCoordinator",
                void.class,
                OperatorEvent.class);
        assertThat(AbstractStreamOperator.class.getConstructor(StreamOperatorParameters.class))
                .isNotNull();
    }
}

package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnDomain;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.RecreateOnResetOperatorCoordinator;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.CoordinatedOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;

/**
 * The operator factory of a runtime-filter publisher: a pass-through operator (chained to its
 * input) whose subtasks send the keys they saw to its own operator coordinator, which publishes the
 * united filter into the pqx source of {@link RuntimeFilterTarget} once every subtask has reached
 * the end of its input. Use it through {@link RuntimeFilters#publish}, which builds it: internal,
 * since it is one of Flink's internal operator factories (coordinated operators have no public
 * API).
 *
 * @param <T> the records passed through
 */
@Internal
public final class RuntimeFilterPublisher<T> extends AbstractStreamOperatorFactory<T>
        implements CoordinatedOperatorFactory<T>, OneInputStreamOperatorFactory<T, T> {
    private static final long serialVersionUID = 1L;

    private final RuntimeFilterTarget target;
    private final KeySelector<T, ?> keySelector;

    /**
     * @param keySelector the key of a record: a Java value of the key column's type (or Flink's
     *     internal form); null keys are left out
     * @throws IllegalArgumentException for a key type no filter compares
     */
    public RuntimeFilterPublisher(RuntimeFilterTarget target, KeySelector<T, ?> keySelector) {
        ColumnDomain.of(target.keyType()); // fails early on a key type no filter compares
        this.target = target;
        this.keySelector = keySelector;
        setChainingStrategy(ChainingStrategy.ALWAYS);
    }

    public RuntimeFilterTarget target() {
        return target;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <O extends StreamOperator<T>> O createStreamOperator(
            StreamOperatorParameters<T> parameters) {
        OperatorID id = parameters.getStreamConfig().getOperatorID();
        OperatorEventGateway gateway =
                parameters.getOperatorEventDispatcher().getOperatorEventGateway(id);
        PublisherOperator<T> operator =
                new PublisherOperator<>(
                        parameters, keySelector, new KeyAccumulator(target), gateway);
        parameters.getOperatorEventDispatcher().registerEventHandler(id, operator);
        return (O) operator;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        return PublisherOperator.class;
    }

    @Override
    public OperatorCoordinator.Provider getCoordinatorProvider(
            String operatorName, OperatorID operatorID) {
        return new Provider(operatorID, target);
    }

    /** Creates the coordinator, and a new one on every global failover (then restored). */
    private static final class Provider extends RecreateOnResetOperatorCoordinator.Provider {
        private static final long serialVersionUID = 1L;
        private final RuntimeFilterTarget target;

        Provider(OperatorID operatorId, RuntimeFilterTarget target) {
            super(operatorId);
            this.target = target;
        }

        @Override
        protected OperatorCoordinator getCoordinator(OperatorCoordinator.Context context) {
            return new PublisherCoordinator(context, target);
        }
    }
}

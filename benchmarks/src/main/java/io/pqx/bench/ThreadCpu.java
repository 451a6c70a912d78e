package io.pqx.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * CPU time of the JVM's Java threads during a piece of work, summed by thread group (a name given
 * to each thread by a classifier): a sampler thread reads every live thread's CPU time every
 * {@value #SAMPLE_MILLIS} ms and keeps, per thread, the first and last reading, so threads that
 * start and end during the work count too (up to the last {@value #SAMPLE_MILLIS} ms of a thread
 * that ended before the work did, which no reading sees). Time of threads that are no Java threads
 * (the garbage collector's, for one) is in no group: the process CPU minus the groups' sum is
 * theirs.
 *
 * <p>One instance per measurement; {@link #start()} and {@link #stop()} from one thread.
 */
public final class ThreadCpu {

    /** How often the sampler reads the threads' CPU times. */
    public static final long SAMPLE_MILLIS = 50;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Function<String, String> classifier;
    private final Map<Long, long[]> firstLast = new ConcurrentHashMap<>();
    private final Map<Long, String> names = new ConcurrentHashMap<>();
    private final Map<Long, Long> before = new HashMap<>();
    private volatile boolean running;
    private Thread sampler;

    private ThreadCpu(Function<String, String> classifier) {
        this.classifier = classifier;
    }

    /** Starts sampling; {@code classifier} names the group of a thread by its name. */
    public static ThreadCpu start(Function<String, String> classifier) {
        ThreadCpu cpu = new ThreadCpu(classifier);
        for (long id : THREADS.getAllThreadIds()) {
            long nanos = THREADS.getThreadCpuTime(id);
            if (nanos >= 0) {
                cpu.before.put(id, nanos);
            }
        }
        cpu.running = true;
        cpu.sampler = new Thread(cpu::sample, "pqx-bench-thread-cpu");
        cpu.sampler.setDaemon(true);
        cpu.sampler.start();
        return cpu;
    }

    private void sample() {
        while (running) {
            read();
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void read() {
        long[] ids = THREADS.getAllThreadIds();
        ThreadInfo[] infos = THREADS.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++) {
            long nanos = THREADS.getThreadCpuTime(ids[i]);
            if (nanos < 0 || infos[i] == null) {
                continue;
            }
            long start = before.getOrDefault(ids[i], 0L);
            names.putIfAbsent(ids[i], infos[i].getThreadName());
            firstLast.compute(
                    ids[i],
                    (id, fl) -> fl == null ? new long[] {start, nanos} : new long[] {fl[0], nanos});
        }
    }

    /**
     * Stops sampling and returns the CPU nanoseconds of each group (in order of first appearance)
     * and, under {@code threads:<group>}, how many threads of the group used CPU.
     */
    public Map<String, Long> stop() throws InterruptedException {
        running = false;
        sampler.interrupt();
        sampler.join();
        read();
        Map<String, Long> groups = new LinkedHashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Map.Entry<Long, long[]> e : firstLast.entrySet()) {
            long used = e.getValue()[1] - e.getValue()[0];
            if (used <= 0 || e.getKey() == sampler.getId()) {
                continue;
            }
            String group = classifier.apply(names.get(e.getKey()));
            groups.merge(group, used, Long::sum);
            counts.merge("threads:" + group, 1L, Long::sum);
        }
        groups.putAll(counts);
        return groups;
    }
}

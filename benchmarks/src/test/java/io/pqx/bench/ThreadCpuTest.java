package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Thread CPU by group: a thread that starts and ends during the measurement counts. */
class ThreadCpuTest {

    @Test
    void aBusyThreadThatEndsBeforeStopCountsInItsGroup() throws Exception {
        ThreadCpu cpu = ThreadCpu.start(name -> name.startsWith("busy-") ? "busy" : "rest");
        Thread busy = new Thread(ThreadCpuTest::spin, "busy-1");
        busy.start();
        busy.join();
        Thread.sleep(3 * ThreadCpu.SAMPLE_MILLIS);
        Map<String, Long> groups = cpu.stop();
        assertThat(groups.get("busy"))
                .as("the 400 ms of CPU it spun, less at most the last sample period's")
                .isGreaterThan(300_000_000L);
        assertThat(groups.get("threads:busy")).isEqualTo(1L);
    }

    /** Burns 400 ms of this thread's CPU time, however busy the machine is. */
    private static void spin() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 400_000_000L;
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            x += Long.numberOfTrailingZeros(x + 1);
        }
        if (x == 42) {
            System.out.println(x);
        }
    }
}

package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JVM-wide read pool outlives the jobs whose tasks start its threads: its threads must not keep
 * (and later use) the context class loader of the task that happened to start them.
 */
class ConcurrentReadsContextLoaderTest {
    @Test
    void poolThreadsRunWithThePoolsOwnLoaderNotTheirStartersLoader() throws Exception {
        ClassLoader jobLoader = new URLClassLoader(new URL[0], null);
        Thread starter =
                new Thread(
                        () -> {
                            Set<ClassLoader> seen = ConcurrentHashMap.newKeySet();
                            int tasks = ConcurrentReads.MAX_THREADS;
                            CountDownLatch started = new CountDownLatch(tasks);
                            CountDownLatch release = new CountDownLatch(1);
                            for (int i = 0; i < tasks; i++) {
                                // each task holds its thread, so the pool starts new ones
                                ConcurrentReads.submit(
                                        () -> {
                                            seen.add(
                                                    Thread.currentThread().getContextClassLoader());
                                            started.countDown();
                                            try {
                                                release.await(10, TimeUnit.SECONDS);
                                            } catch (InterruptedException e) {
                                                Thread.currentThread().interrupt();
                                            }
                                        });
                            }
                            try {
                                assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
                            } catch (InterruptedException e) {
                                throw new AssertionError(e);
                            } finally {
                                release.countDown();
                            }
                            assertThat(seen)
                                    .containsExactly(ConcurrentReads.class.getClassLoader());
                        });
        starter.setContextClassLoader(jobLoader);
        Throwable[] failure = new Throwable[1];
        starter.setUncaughtExceptionHandler((t, e) -> failure[0] = e);
        starter.start();
        starter.join(20_000);
        assertThat(failure[0]).isNull();
        assertThat(starter.isAlive()).isFalse();
    }
}

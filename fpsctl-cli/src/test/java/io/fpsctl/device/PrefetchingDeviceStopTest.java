package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stop ({@link PrefetchingDevice#interrupt()}) that lands while the poll loop's first prefetch is opening its
 * session (after the "stopped?" check, before the session exists, so interrupt() finds nothing to close) still ends
 * that prefetch at once. The session here answers a list only when closed or at the list's time (60 s), as a device
 * that went silent would; without the check after opening, the prefetch waited those 60 s.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PrefetchingDeviceStopTest {

    @Test
    void aStopWhileTheSessionOpensEndsThePrefetchAtOnce() throws Exception {
        CountDownLatch opening = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicInteger closes = new AtomicInteger();
        AtomicInteger lists = new AtomicInteger();
        Device device = new SilentDevice() {
            @Override
            public ShellSession openSession() {
                opening.countDown();
                await(stopped); // the stop lands here
                return new ShellSession() {
                    private final CountDownLatch closed = new CountDownLatch(1);

                    @Override
                    public List<ShellResult> run(List<String> commands, Duration timeout) {
                        lists.incrementAndGet();
                        try {
                            closed.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new DeviceException("closed or timed out");
                    }

                    @Override
                    public void close() {
                        closes.incrementAndGet();
                        closed.countDown();
                    }
                };
            }
        };
        PrefetchingDevice p = new PrefetchingDevice(device);
        CompletableFuture<RuntimeException> poll = CompletableFuture.supplyAsync(() -> {
            try {
                p.prefetch(List.of("dumpsys SurfaceFlinger --latency"), Duration.ofSeconds(60));
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        assertTrue(opening.await(30, TimeUnit.SECONDS));
        p.interrupt();
        long start = System.nanoTime();
        stopped.countDown();
        RuntimeException e = poll.get(30, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(e instanceof DeviceException && e.getMessage().startsWith("stopped"), String.valueOf(e));
        assertTrue(ms < 1000, "the stop was seen after " + ms + " ms");
        assertEquals(0, lists.get(), "no list sent after the stop");
        assertEquals(1, closes.get(), "the session opened under the stop is closed");
    }

    private static void await(CountDownLatch l) {
        try {
            l.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A device whose every other call fails: only openSession is used. */
    private abstract static class SilentDevice implements Device {
        @Override
        public String serial() {
            return "fake-1";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            throw new DeviceException("not used");
        }

        @Override
        public ShellStream openShell(String command) {
            throw new DeviceException("not used");
        }

        @Override
        public void install(Path apk) {
            throw new DeviceException("not used");
        }

        @Override
        public void push(Path local, String remotePath) {
            throw new DeviceException("not used");
        }

        @Override
        public void close() {
        }
    }
}

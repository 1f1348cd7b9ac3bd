package io.fpsctl.testing;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Waits for a condition instead of sleeping for a guessed time: asks again every few milliseconds until the
 * answer is acceptable, and fails with the last answer after a generous deadline (a loaded 2-core CI machine
 * may be slow, never wrong).
 */
public final class PollUntil {

    private PollUntil() {
    }

    /**
     * Calls {@code ask} until {@code ok} accepts its answer (exceptions from either count as "not yet"), and returns that answer.
     *
     * @throws AssertionError naming {@code what} and the last answer or exception when {@code within} has passed
     */
    public static <T> T value(Callable<T> ask, Check<? super T> ok, Duration within, String what) {
        long deadline = System.nanoTime() + within.toNanos();
        Object last = null;
        while (true) {
            try {
                T answer = ask.call();
                if (ok.test(answer)) {
                    return answer;
                }
                last = answer;
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + within + " waiting for " + what + "; last: " + last);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    /** An acceptance test that may throw (a throw means "not yet"). */
    @FunctionalInterface
    public interface Check<T> {
        boolean test(T answer) throws Exception;
    }

    /**
     * Runs {@code steps} (waits of this class, then e.g. a fault to inject) on a daemon thread named {@code name}, so
     * a test can act on a condition while the command under test runs on its own thread; join it afterwards.
     */
    public static Thread background(String name, Runnable steps) {
        Thread t = new Thread(steps, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits until {@code condition} holds. */
    public static void condition(Callable<Boolean> condition, Duration within, String what) {
        value(condition, Boolean.TRUE::equals, within, what);
    }
}

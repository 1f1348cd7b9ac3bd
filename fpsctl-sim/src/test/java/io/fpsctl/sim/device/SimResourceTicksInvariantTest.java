package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.resources.ResourceProbe;
import io.fpsctl.android.resources.ResourceSample;
import io.fpsctl.android.resources.ThreadTicks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the kernel guarantees of its tick counters, checked on the simulated device in every scenario (second
 * reader of issue 26): a thread's utime + stime never go down; a thread runs on one CPU at a time, so over an
 * interval its ticks grow by at most the interval × CLK_TCK (100) plus one tick of truncation (checked between consecutive reads and since a
 * thread's first read)
 * ({@code nsec_to_clock_t} floors); the process line ({@code do_task_stat} with {@code whole}: live threads plus
 * the exited ones kept in the signal struct) is never below the sum of its live threads' lines and never goes
 * down; each {@code /proc/stat} cpu line's total grows by 100 ticks per second.
 */
class SimResourceTicksInvariantTest {

    @ParameterizedTest
    @ValueSource(strings = {"jank", "two-windows", "throttle", "freeze"})
    void ticksOnlyGrowAndNoThreadOutrunsTheClock(String scenario) throws Exception {
        SimHarness d = new SimHarness(scenario, 14, null, 7);
        Map<Integer, Long> lastTicks = new HashMap<>();
        Map<Integer, Long> lastAt = new HashMap<>();
        Map<Integer, long[]> first = new HashMap<>(); // tid -> {centiseconds, ticks} at its first read
        long lastProcess = -1;
        long lastCpuTotal = -1;
        int pid = -1;
        for (int i = 0; i < 300; i++) { // 9 s in 30 ms steps
            d.advanceMillis(30);
            int now = d.device.pid().orElseThrow();
            if (now != pid) { // a new process starts its counters over
                pid = now;
                lastTicks.clear();
                lastAt.clear();
                first.clear();
                lastProcess = -1;
            }
            ResourceProbe p = ResourceProbe.of(pid, 34, false, false, SimHarness.PKG);
            ResourceSample s = p.parse(d.sh(p.command()));
            assertEquals(List.of(), s.missing(), scenario);
            long at = Math.round(s.uptimeSeconds() * 100); // centiseconds, as /proc/uptime prints them
            long live = 0;
            for (ThreadTicks t : s.threads()) {
                live += t.cpuTicks();
                Long before = lastTicks.get(t.tid());
                if (before != null) {
                    long dt = at - lastAt.get(t.tid());
                    long grew = t.cpuTicks() - before;
                    assertTrue(grew >= 0, scenario + ": " + t + " went down from " + before);
                    assertTrue(grew <= dt + 1, scenario + ": " + t + " grew " + grew + " ticks in " + dt
                            + " ticks of wall time");
                }
                long[] f = first.computeIfAbsent(t.tid(), k -> new long[] {at, t.cpuTicks()});
                assertTrue(t.cpuTicks() - f[1] <= at - f[0] + 1, scenario + ": " + t + " used " + (t.cpuTicks() - f[1])
                        + " ticks in " + (at - f[0]) + " ticks of wall time since its first read");
                lastTicks.put(t.tid(), t.cpuTicks());
                lastAt.put(t.tid(), at);
            }
            long process = s.process().cpuTicks();
            assertTrue(process >= live, scenario + ": process " + process + " < live threads " + live);
            assertTrue(process >= lastProcess, scenario + ": process ticks went down");
            lastProcess = process;
            assertTrue(s.allCpus().totalTicks() > lastCpuTotal, scenario);
            lastCpuTotal = s.allCpus().totalTicks();
        }
    }
}

package io.fpsctl.android.resources;

/**
 * One line of {@code /proc/<pid>/task/<tid>/stat} (or of {@code /proc/<pid>/stat} for the whole process): proc(5)
 * fields (1) pid/tid, (2) comm without its parentheses, (14) utime and (15) stime in clock ticks
 * ({@link ResourceProbe#clockTicksPerSecond()}). Printed by the kernel's {@code fs/proc/array.c do_task_stat}.
 */
public record ThreadTicks(int tid, String name, long utimeTicks, long stimeTicks) {
    /** utime + stime: the CPU time the thread (or process) has used since it started, in ticks. */
    public long cpuTicks() {
        return utimeTicks + stimeTicks;
    }
}

package io.fpsctl.android.resources;

/**
 * One {@code cpu} or {@code cpuN} line of {@code /proc/stat} (kernel {@code fs/proc/stat.c show_stat}), in clock
 * ticks: {@code totalTicks} = user + nice + system + idle + iowait + irq + softirq + steal (guest and guest_nice are
 * already counted in user and nice by {@code kernel/sched/cputime.c account_guest_time}, so they are not added
 * again), {@code busyTicks} = total - idle - iowait.
 */
public record CpuTicks(String cpu, long busyTicks, long totalTicks) {
}

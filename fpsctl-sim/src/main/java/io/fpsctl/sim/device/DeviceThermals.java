package io.fpsctl.sim.device;

/**
 * How hot the simulated phone is and how far its CPUs are capped, as a function of the time since the device
 * started. Every scenario runs cool at full speed except {@code throttle}, which heats up in four stages of
 * 10 s (PowerManager THERMAL_STATUS_NONE 0, LIGHT 1, MODERATE 2, then SEVERE 3 for good): each stage caps the
 * big and prime clusters lower (the little cluster too at SEVERE), and its frames get slower in step
 * ({@link io.fpsctl.sim.device.scenario.Scenarios} {@code throttle}: the same 10 s phases, work ×1.25, ×1.5, ×2).
 * Figures are plausible inventions (inferred; a Snapdragon-855-like 4+3+1 layout).
 */
final class DeviceThermals {

    /** A cpufreq policy: its CPUs and its hardware maximum (cpuinfo_max_freq) in kHz. */
    record Policy(int first, int last, long maxKhz) {
    }

    static final Policy[] POLICIES = {new Policy(0, 3, 1_785_600), new Policy(4, 6, 2_419_200),
            new Policy(7, 7, 2_841_600)};
    static final int CPUS = 8;
    static final long STAGE_NS = 10_000_000_000L;

    /** Per stage: current kHz of each policy. */
    private static final long[][] THROTTLE_KHZ = {
            {1_785_600, 2_419_200, 2_841_600},
            {1_785_600, 1_996_800, 2_361_600},
            {1_785_600, 1_612_800, 1_881_600},
            {1_497_600, 1_209_600, 1_420_800}};
    private static final double[] SKIN_C = {36.0, 39.5, 42.0, 45.5};
    private static final double[] CPU_C = {55.0, 68.0, 78.5, 88.0};
    private static final int[] BATTERY_TENTHS = {310, 331, 352, 373};

    private final boolean throttles;
    private final long startNs;

    private DeviceThermals(boolean throttles, long startNs) {
        this.throttles = throttles;
        this.startNs = startNs;
    }

    static DeviceThermals forScenario(String name, long startNs) {
        return new DeviceThermals("throttle".equals(name), startNs);
    }

    /** 0..3; always 0 when the scenario does not throttle. */
    int stage(long now) {
        return throttles ? (int) Math.min(3, Math.max(0, now - startNs) / STAGE_NS) : 0;
    }

    /** PowerManager THERMAL_STATUS_*: the stage. */
    int status(long now) {
        return stage(now);
    }

    long curKhz(int policyIndex, long now) {
        return THROTTLE_KHZ[stage(now)][policyIndex];
    }

    /** Skin temperature °C (HAL TYPE_SKIN 3). */
    double skinC(long now) {
        return throttles ? SKIN_C[stage(now)] : 34.5;
    }

    /** Hottest CPU sensor °C (HAL TYPE_CPU 0). */
    double cpuC(long now) {
        return throttles ? CPU_C[stage(now)] : 48.0;
    }

    /** Battery temperature in tenths of °C (HealthInfo.batteryTemperature). */
    int batteryTenths(long now) {
        return throttles ? BATTERY_TENTHS[stage(now)] : 302;
    }

    /** The policy a CPU belongs to. */
    static int policyOf(int cpu) {
        for (int i = 0; i < POLICIES.length; i++) {
            if (cpu >= POLICIES[i].first() && cpu <= POLICIES[i].last()) {
                return i;
            }
        }
        throw new IllegalArgumentException("no cpu " + cpu);
    }
}

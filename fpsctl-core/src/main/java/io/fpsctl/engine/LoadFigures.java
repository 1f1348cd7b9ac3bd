package io.fpsctl.engine;

import java.util.List;

/**
 * docs/metrics.md section 14: an interval's GPU, power and network figures from the reads that describe it, and the
 * run's sums. GPU load and battery drain are samples (each read tells of the time just before it: kgsl's and Mali's
 * last accounting period, the fuel gauge's instant current), so an interval takes the reads after its start up to
 * the first one at or after its end; bytes are counters, interpolated at the interval's edges like CPU ticks
 * (section 13 rule 8). Pure; one thread.
 */
final class LoadFigures {
    static final String NOT_READ = "not read";

    private LoadFigures() {
    }

    /**
     * The figures of an interval.
     *
     * @param describing the reads after the interval's start up to the first at or after its end (non-empty)
     * @param from       the counters at its start ({appRx, appTx, devRx, devTx, appGpuNs}, entries null when
     *                   unknown)
     * @param to         the same at its end
     * @return null when no read of {@code describing} had GPU, power or network parts
     */
    static LoadUsage interval(List<DeviceLoad> describing, Double[] from, Double[] to) {
        int n = 0;
        double gpuSum = 0;
        int gpuN = 0;
        double mhzSum = 0;
        int mhzN = 0;
        String gpuReason = null;
        Boolean charging = null;
        double drainSum = 0;
        int drainN = 0;
        String powerReason = null;
        String appReason = null;
        String devReason = null;
        String appGpuReason = null;
        // rule 10: the GPU work counter can be cleared between any two reads, so an interval's figure needs every read
        // it holds known and none gone back, not only its interpolated edges (which can still rise across a clear)
        Double lastGpu = from[4];
        boolean gpuBack = false;
        boolean gpuGap = false;
        for (DeviceLoad d : describing) {
            if (d == null) {
                continue;
            }
            if (d.appGpuNs() == null) {
                gpuGap = true;
            } else {
                gpuBack |= lastGpu != null && d.appGpuNs() < lastGpu;
                lastGpu = d.appGpuNs().doubleValue();
            }
            n++;
            if (d.gpuPercent() != null) {
                gpuSum += d.gpuPercent();
                gpuN++;
            }
            if (d.gpuMhz() != null) {
                mhzSum += d.gpuMhz();
                mhzN++;
            }
            gpuReason = d.gpuReason() != null ? d.gpuReason() : gpuReason;
            if (Boolean.TRUE.equals(d.externalPower())) {
                charging = true;
            } else if (Boolean.FALSE.equals(d.externalPower()) && charging == null) {
                charging = false;
            }
            if (d.drainMw() != null) {
                drainSum += d.drainMw();
                drainN++;
            }
            powerReason = d.powerReason() != null ? d.powerReason() : powerReason;
            appReason = d.appNetReason() != null ? d.appNetReason() : appReason;
            devReason = d.deviceNetReason() != null ? d.deviceNetReason() : devReason;
            appGpuReason = d.appGpuReason() != null ? d.appGpuReason() : appGpuReason;
        }
        if (n == 0) {
            return null;
        }
        Double gpu = gpuN > 0 ? gpuSum / gpuN : null;
        Double mhz = mhzN > 0 ? mhzSum / mhzN : null;
        Double power = null;
        if (Boolean.TRUE.equals(charging)) {
            powerReason = "charging"; // a charger feeds the phone: the battery's current says nothing of the app
        } else if (drainN > 0) {
            power = drainSum / drainN;
        }
        Long appRx = delta(from[0], to[0]);
        Long appTx = delta(from[1], to[1]);
        Long devRx = delta(from[2], to[2]);
        Long devTx = delta(from[3], to[3]);
        gpuBack |= from[4] != null && to[4] != null && to[4] < from[4];
        Double appGpuMs = from[4] == null || to[4] == null || gpuBack || gpuGap ? null : (to[4] - from[4]) / 1e6;
        return new LoadUsage(gpu, mhz, gpu == null && mhz == null ? orNotRead(gpuReason) : gpuReason,
                charging, power, power == null ? orNotRead(powerReason) : null,
                appRx, appTx, appRx == null || appTx == null ? reason(appReason, from[0], to[0]) : null,
                devRx, devTx, devRx == null || devTx == null ? reason(devReason, from[2], to[2]) : null,
                appGpuMs, appGpuMs == null ? gpuTimeReason(appGpuReason, gpuBack) : null);
    }

    /**
     * Rule 10: gpuservice clears its GPU work map whenever statsd pulls GPU_WORK_PER_UID (GpuWork::pullWorkAtoms
     * ends with clearMap()), so a counter that went back is that, not the app giving time back.
     */
    private static String gpuTimeReason(String reason, boolean back) {
        if (back) {
            return RESET;
        }
        return reason != null ? reason : NOT_READ;
    }

    /** Rule 10: the two clears of GpuWork's map. */
    static final String RESET = "GPU work counters reset (a statsd pull of GPU_WORK_PER_UID clears them, as does "
            + "gpuservice's hourly clear of a map over three quarters full)";

    private static String orNotRead(String reason) {
        return reason == null ? NOT_READ : reason;
    }

    private static String reason(String reason, Double a, Double b) {
        if (reason != null) {
            return reason;
        }
        return a != null && b != null && b < a ? "counter went back (interface reset)" : NOT_READ;
    }

    /** The bytes from {@code a} to {@code b}; null when either is unknown or the counter went back. */
    static Long delta(Double a, Double b) {
        if (a == null || b == null || b < a) {
            return null;
        }
        return Math.round(b - a);
    }

    /** The counters of a read: the four network ones, then the app's GPU ns; entries null when unknown. */
    static Double[] net(DeviceLoad d) {
        if (d == null) {
            return new Double[COUNTERS];
        }
        return new Double[] {d(d.appRxBytes()), d(d.appTxBytes()), d(d.deviceRxBytes()), d(d.deviceTxBytes()),
            d(d.appGpuNs())};
    }

    /** How many counters {@link #net} gives. */
    static final int COUNTERS = 5;

    private static Double d(Long v) {
        return v == null ? null : v.doubleValue();
    }

    /** The counters {@code f} of the way from {@code a} to {@code b}. */
    static Double[] lerp(Double[] a, Double[] b, double f) {
        Double[] r = new Double[COUNTERS];
        for (int i = 0; i < COUNTERS; i++) {
            r[i] = a[i] == null || b[i] == null ? null : a[i] + (b[i] - a[i]) * f;
        }
        return r;
    }

    /** The run's sums over the intervals between successive reads (rule 7). */
    static final class Run {
        private double gpuSeconds;
        private double gpuSum;
        private Double gpuPeak;
        private double mhzSeconds;
        private double mhzSum;
        private String gpuReason;
        private double energyMwh;
        private double dischargingSeconds;
        private double chargingSeconds;
        private Double powerPeak;
        private int sign;
        private String powerReason;
        private final long[] bytes = new long[4];
        private final boolean[] seen = new boolean[4];
        private String appReason;
        private String devReason;
        private double appGpuNs;
        private boolean appGpuSeen;
        /** A counter went back in the run: its total would miss that interval, so the run has none (rule 10). */
        private boolean appGpuReset;
        /** The last known GPU work counter of the run's reads, compared across unknown reads too. */
        private Long lastGpu;
        /** A read of the run had no GPU work counter: a total would miss its intervals (rule 10). */
        private boolean appGpuGap;
        private String appGpuReason;
        private boolean any;
        long slowGpuBusy;

        /** The interval from read {@code a} to read {@code b}, {@code dt} seconds long. */
        void add(DeviceLoad a, DeviceLoad b, double dt) {
            if (b == null) {
                return;
            }
            any = true;
            if (b.gpuPercent() != null) {
                gpuSeconds += dt;
                gpuSum += b.gpuPercent() * dt;
                gpuPeak = gpuPeak == null ? b.gpuPercent() : Math.max(gpuPeak, b.gpuPercent());
            }
            if (b.gpuMhz() != null) {
                mhzSeconds += dt;
                mhzSum += b.gpuMhz() * dt;
            }
            gpuReason = b.gpuReason() != null ? b.gpuReason() : gpuReason;
            if (Boolean.TRUE.equals(b.externalPower())) {
                chargingSeconds += dt;
            } else if (b.drainMw() != null) {
                dischargingSeconds += dt;
                energyMwh += b.drainMw() * dt / 3600.0;
                powerPeak = powerPeak == null ? b.drainMw() : Math.max(powerPeak, b.drainMw());
            }
            if (b.dischargeSign() != 0) {
                sign = b.dischargeSign();
            }
            powerReason = b.powerReason() != null ? b.powerReason() : powerReason;
            appReason = b.appNetReason() != null ? b.appNetReason() : appReason;
            devReason = b.deviceNetReason() != null ? b.deviceNetReason() : devReason;
            appGpuReason = b.appGpuReason() != null ? b.appGpuReason() : appGpuReason;
            if (lastGpu == null && a != null && a.appGpuNs() != null) {
                lastGpu = a.appGpuNs();
            }
            if ((a != null && a.appGpuNs() == null) || b.appGpuNs() == null) {
                appGpuGap = true;
            }
            if (b.appGpuNs() != null) {
                // against the last known read, not only a: an unknown read (an emptied map right after a clear prints
                // no uid) must not hide the clear
                if (lastGpu != null && b.appGpuNs() < lastGpu) {
                    appGpuReset = true;
                } else if (a != null && a.appGpuNs() != null) {
                    appGpuNs += b.appGpuNs() - a.appGpuNs();
                    appGpuSeen = true;
                }
                lastGpu = b.appGpuNs();
            }
            Double[] x = net(a);
            Double[] y = net(b);
            for (int i = 0; i < 4; i++) {
                Long d = delta(x[i], y[i]);
                if (d != null) {
                    bytes[i] += d;
                    seen[i] = true;
                }
            }
        }

        LoadSummary summary() {
            if (!any) {
                return null;
            }
            Double gpu = gpuSeconds > 0 ? gpuSum / gpuSeconds : null;
            Double mhz = mhzSeconds > 0 ? mhzSum / mhzSeconds : null;
            Double energy = dischargingSeconds > 0 ? energyMwh : null;
            Double mean = dischargingSeconds > 0 ? energyMwh / (dischargingSeconds / 3600.0) : null;
            String power = energy != null ? null
                    : chargingSeconds > 0 ? "charging the whole run" : orNotRead(powerReason);
            return new LoadSummary(gpu, gpuPeak, mhz, gpu == null ? orNotRead(gpuReason) : null, mean, powerPeak,
                    energy, dischargingSeconds, chargingSeconds, sign, power,
                    seen[0] ? bytes[0] : null, seen[1] ? bytes[1] : null, seen[0] ? null : orNotRead(appReason),
                    seen[2] ? bytes[2] : null, seen[3] ? bytes[3] : null, seen[2] ? null : orNotRead(devReason),
                    slowGpuBusy, appGpuSeen && !appGpuReset && !appGpuGap ? appGpuNs / 1e6 : null,
                    appGpuReset ? RESET + " during the run"
                            : !appGpuSeen ? orNotRead(appGpuReason)
                            : appGpuGap ? "some reads of the run had no GPU work figure (" + orNotRead(appGpuReason)
                                    + "): a total would miss their intervals" : null);
        }
    }
}

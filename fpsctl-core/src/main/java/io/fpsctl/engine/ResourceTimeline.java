package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resource reads of a live run and what follows from them (docs/metrics.md section 13): the interval a frame
 * gets (rule 9), a live window's figures (rule 8, counters interpolated at its edges) and the run's means and peaks
 * (rule 11). Pure: the capture adds reads in the order it made them; one thread uses it. Only the reads a window
 * not yet asked for can need are kept, so a long run's memory stays flat.
 */
public final class ResourceTimeline {
    public static final String MAIN = "main";
    public static final String RENDER_THREAD = "RenderThread";
    public static final String HWUI_TASK = "hwuiTask";
    public static final String GPU_COMPLETION = "GPU completion";
    /** Position of a read not placed on the frame timeline (the device clock was not estimated yet). */
    public static final long UNPLACED = Long.MIN_VALUE;
    /** Other threads named in a window and in the run. */
    static final int TOP_OTHERS = 3;
    /** Reads kept at most, whatever the windows (a run without windows, or one whose windows are far apart). */
    static final int MAX_READS = 1024;

    /** Threads by CPU, most first, then by name (a stable order for ties). */
    private static final java.util.Comparator<Map.Entry<String, Double>> MOST_FIRST =
            Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey());

    private final double ticksPerSecond;
    private final List<Read> reads = new ArrayList<>();
    private Read newest;
    private ResourceUsage newestInterval;
    private final Set<String> missing = new LinkedHashSet<>();
    private final Figures run = new Figures();
    /** The highest of the intervals between successive reads: the same intervals {@link #run} averages. */
    private final Peaks peaks = new Peaks();
    private long deviceBusy;
    private long deviceTotal;
    private double throttledSeconds;
    private double knownThrottleSeconds;
    private Long rssPeak;
    private Long pssPeak;
    private Integer worstThermal;
    private Double maxTemp;
    private Double batteryTemp;
    private long slowBusy;
    private long slowThrottled;
    /** GPU, power and network of the run (section 14). */
    private final LoadFigures.Run loadRun = new LoadFigures.Run();

    /** @param ticksPerSecond CLK_TCK of the device (100 on Android) */
    public ResourceTimeline(double ticksPerSecond) {
        if (!(ticksPerSecond > 0)) {
            throw new IllegalArgumentException("ticks per second must be above 0: " + ticksPerSecond);
        }
        this.ticksPerSecond = ticksPerSecond;
    }

    /** One read and where it sits on the frame timeline. */
    private record Read(long positionNs, ResourceCounters c, Long pssSoFar, Map<Integer, Long> ticks) {
        boolean placed() {
            return positionNs != UNPLACED;
        }
    }

    /** Counters at one instant: a read, or two reads interpolated. */
    private record Point(double uptime, int pid, Map<Integer, Double> ticks, Map<Integer, String> names,
                         Double busy, Double total, Map<String, double[]> cores, Double[] net) {
    }

    /**
     * Adds a read made at {@code positionNs} on the frame timeline ({@link #UNPLACED} when not known; a position
     * before the previous read's is moved up to it).
     */
    public void add(long positionNs, ResourceCounters c) {
        if (newest != null && newest.placed() && positionNs != UNPLACED && positionNs < newest.positionNs) {
            positionNs = newest.positionNs;
        }
        Long pss = c.pssKb() != null ? c.pssKb() : newest != null && newest.c.pid() == c.pid() ? newest.pssSoFar : null;
        Map<Integer, Long> ticks = new HashMap<>();
        for (ResourceCounters.Thread t : c.threads()) {
            ticks.put(t.tid(), t.ticks());
        }
        Read r = new Read(positionNs, c, pss, ticks);
        missing.addAll(c.missing());
        rssPeak = max(rssPeak, c.rssKb());
        pssPeak = max(pssPeak, c.pssKb());
        worstThermal = max(worstThermal, c.thermalStatus());
        maxTemp = max(maxTemp, c.maxTempC());
        batteryTemp = max(batteryTemp, c.batteryTempC());
        Read before = newest;
        newest = r;
        newestInterval = null;
        if (before != null) {
            Rates rates = rates(point(before), point(r), List.of(before, r), r);
            if (rates != null) {
                newestInterval = rates.usage;
                accumulate(rates, before, r);
            }
        }
        reads.add(r);
        if (reads.size() > MAX_READS) {
            reads.subList(0, reads.size() - MAX_READS).clear();
        }
    }

    /**
     * Places the newest read at {@code positionNs} on the frame timeline: the capture adds a read before the frames
     * of its poll (rule 9) and knows where it sits only once those frames tightened the device clock estimate.
     */
    public void placeNewest(long positionNs) {
        if (newest == null || positionNs == UNPLACED) {
            return;
        }
        for (int i = reads.size() - 2; i >= 0; i--) {
            if (reads.get(i).placed()) {
                positionNs = Math.max(positionNs, reads.get(i).positionNs);
                break;
            }
        }
        Read r = new Read(positionNs, newest.c, newest.pssSoFar, newest.ticks);
        reads.set(reads.size() - 1, r);
        newest = r;
    }

    /** Rule 9: the interval between the two newest reads (the one a frame read now gets), or null. */
    public ResourceUsage newestInterval() {
        return newestInterval;
    }

    /** Counts a slow frame whose main cause came from its resources (rule 10). */
    public void slowFrameCause(String cause) {
        if (ResourceUsage.MAIN_THREAD_BUSY.equals(cause)) {
            slowBusy++;
        } else if (ResourceUsage.CPU_THROTTLED.equals(cause)) {
            slowThrottled++;
        } else if (LoadUsage.GPU_BUSY.equals(cause)) {
            loadRun.slowGpuBusy++;
        }
    }

    /**
     * Rule 8: the figures of the live window {@code [startNs, endNs)}, from the counters interpolated at both edges;
     * null when the reads do not bracket both edges within one app process. Reads no later window can need are
     * dropped (windows are asked for in order, one window late at most).
     */
    public ResourceUsage window(long startNs, long endNs) {
        int a = bracket(startNs);
        int b = bracket(endNs);
        ResourceUsage u = null;
        if (a >= 0 && b >= 0) {
            Point from = at(a, startNs);
            Point to = at(b, endNs);
            int last = Math.min(reads.size() - 1, reads.get(b).positionNs == endNs ? b : b + 1);
            Rates rates = from == null || to == null ? null
                    : rates(from, to, reads.subList(a, last + 1), reads.get(last));
            if (rates != null) {
                u = rates.usage;
            }
        }
        prune(startNs - Math.max(0, endNs - startNs));
        return u;
    }

    /** The run's figures so far (rule 11). */
    public ResourceSummary summary() {
        List<ResourceSummary.Cpu> threads = new ArrayList<>();
        threads.add(new ResourceSummary.Cpu(MAIN, run.mean(MAIN), peaks.get(MAIN)));
        for (String n : List.of(RENDER_THREAD, HWUI_TASK, GPU_COMPLETION)) {
            if (run.seen(n)) {
                threads.add(new ResourceSummary.Cpu(n, run.mean(n), peaks.get(n)));
            }
        }
        run.others.entrySet().stream()
                .sorted(MOST_FIRST)
                .limit(TOP_OTHERS)
                .forEach(e -> threads.add(new ResourceSummary.Cpu(e.getKey(), e.getValue() / run.seconds,
                        peaks.others.get(e.getKey()))));
        Double device = deviceTotal > 0 ? 100.0 * deviceBusy / deviceTotal : null;
        return new ResourceSummary(new ResourceSummary.Cpu("app", run.mean("app"), peaks.get("app")),
                new ResourceSummary.Cpu("device", device, peaks.device), threads, rssPeak, pssPeak, worstThermal,
                maxTemp, batteryTemp, knownThrottleSeconds > 0 ? throttledSeconds / knownThrottleSeconds : null,
                slowBusy, slowThrottled, List.copyOf(missing), loadRun.summary());
    }

    private void accumulate(Rates rates, Read before, Read after) {
        ResourceUsage u = rates.usage;
        double dt = u.seconds();
        if (u.appCpu() != null) {
            run.seconds += dt;
            run.add("app", u.appCpu(), dt);
            run.add(MAIN, u.mainCpu(), dt);
            run.add(RENDER_THREAD, u.renderThreadCpu(), dt);
            run.add(HWUI_TASK, u.hwuiTaskCpu(), dt);
            run.add(GPU_COMPLETION, u.gpuCompletionCpu(), dt);
            rates.others.forEach((name, p) -> run.others.merge(name, p * dt, Double::sum));
        }
        ResourceCounters.Cpu x = before.c.cpu();
        ResourceCounters.Cpu y = after.c.cpu();
        if (x != null && y != null && y.totalTicks() > x.totalTicks() && y.busyTicks() >= x.busyTicks()) {
            deviceBusy += y.busyTicks() - x.busyTicks();
            deviceTotal += y.totalTicks() - x.totalTicks();
        }
        if (u.throttled() != null) {
            knownThrottleSeconds += dt;
            if (u.throttled()) {
                throttledSeconds += dt;
            }
        }
        peaks.add(rates);
        loadRun.add(before.c.load(), after.c.load(), dt);
    }

    /** The index of the placed read at or before {@code t} whose successor is after it (or equals it); -1: none. */
    private int bracket(long t) {
        for (int i = reads.size() - 1; i >= 0; i--) {
            Read r = reads.get(i);
            if (!r.placed()) {
                return -1;
            }
            if (r.positionNs <= t) {
                return r.positionNs == t || i + 1 < reads.size() ? i : -1;
            }
        }
        return -1;
    }

    /** The counters at {@code t}, between read {@code i} and the next; null across two app processes. */
    private Point at(int i, long t) {
        Read a = reads.get(i);
        if (a.positionNs == t) {
            return point(a);
        }
        Read b = reads.get(i + 1);
        if (a.c.pid() != b.c.pid()) {
            return null;
        }
        double f = (double) (t - a.positionNs) / (b.positionNs - a.positionNs);
        Point p = point(a);
        Point q = point(b);
        Map<Integer, Double> ticks = new HashMap<>();
        // a thread of the later read that the earlier one did not have started in between: from 0
        q.ticks.forEach((tid, v) -> ticks.put(tid, lerp(p.ticks.getOrDefault(tid, 0.0), v, f)));
        Map<String, double[]> cores = new HashMap<>();
        q.cores.forEach((name, v) -> {
            double[] u = p.cores.get(name);
            if (u != null) {
                cores.put(name, new double[] {lerp(u[0], v[0], f), lerp(u[1], v[1], f)});
            }
        });
        return new Point(lerp(p.uptime, q.uptime, f), q.pid, ticks, q.names,
                p.busy == null || q.busy == null ? null : lerp(p.busy, q.busy, f),
                p.total == null || q.total == null ? null : lerp(p.total, q.total, f), cores,
                LoadFigures.lerp(p.net, q.net, f));
    }

    private static double lerp(double a, double b, double f) {
        return a + (b - a) * f;
    }

    private static Point point(Read r) {
        ResourceCounters c = r.c;
        Map<Integer, Double> ticks = new HashMap<>();
        Map<Integer, String> names = new HashMap<>();
        for (ResourceCounters.Thread t : c.threads()) {
            ticks.put(t.tid(), (double) t.ticks());
            names.put(t.tid(), t.name());
        }
        Map<String, double[]> cores = new HashMap<>();
        for (ResourceCounters.Cpu core : c.cores()) {
            cores.put(core.name(), new double[] {core.busyTicks(), core.totalTicks()});
        }
        return new Point(c.uptimeSeconds(), c.pid(), ticks, names,
                c.cpu() == null ? null : (double) c.cpu().busyTicks(),
                c.cpu() == null ? null : (double) c.cpu().totalTicks(), cores, LoadFigures.net(c.load()));
    }

    /** A usage and every other thread's CPU by name (for the run's top threads). */
    private record Rates(ResourceUsage usage, Map<String, Double> others) {
    }

    /**
     * The figures from {@code x} to {@code y}: CPU from their counters, memory and thermal from the reads
     * {@code span}, frequencies from {@code end}. Null when no time passed.
     */
    private Rates rates(Point x, Point y, List<Read> span, Read end) {
        double dt = y.uptime - x.uptime;
        if (!(dt > 0)) {
            return null;
        }
        Double app = null;
        Double main = null;
        Double render = null;
        Double hwui = null;
        Double gpu = null;
        Map<String, Double> others = new LinkedHashMap<>();
        if (x.pid == y.pid && !y.ticks.isEmpty()) {
            double sum = 0;
            for (Map.Entry<Integer, Double> e : y.ticks.entrySet()) {
                int tid = e.getKey();
                double d = Math.max(0, e.getValue() - x.ticks.getOrDefault(tid, 0.0));
                double p = 100.0 * d / ticksPerSecond / dt;
                sum += p;
                String name = y.names.getOrDefault(tid, "");
                if (tid == y.pid) {
                    main = p;
                } else if (name.equals(RENDER_THREAD)) {
                    render = add(render, p);
                } else if (name.startsWith(HWUI_TASK)) {
                    hwui = add(hwui, p);
                } else if (name.equals(GPU_COMPLETION)) {
                    gpu = add(gpu, p);
                } else {
                    others.merge(name, p, Double::sum);
                }
            }
            app = sum;
        }
        Double device = null;
        if (x.busy != null && y.busy != null && y.total - x.total > 0) {
            device = Math.max(0, 100.0 * (y.busy - x.busy) / (y.total - x.total));
        }
        Long rss = null;
        Integer thermal = null;
        Double temp = null;
        Double battery = null;
        for (Read r : span) {
            rss = max(rss, r.c.rssKb());
            thermal = max(thermal, r.c.thermalStatus());
            temp = max(temp, r.c.maxTempC());
            battery = max(battery, r.c.batteryTempC());
        }
        List<ResourceCounters.Frequency> freqs = end.c.frequencies();
        Boolean throttled = throttled(thermal, freqs, x, y, device);
        List<ResourceUsage.ThreadCpu> top = others.entrySet().stream()
                .sorted(MOST_FIRST)
                .limit(TOP_OTHERS).map(e -> new ResourceUsage.ThreadCpu(e.getKey(), e.getValue())).toList();
        List<DeviceLoad> describing = new ArrayList<>(span.size());
        for (Read r : span.size() > 1 ? span.subList(1, span.size()) : span) {
            describing.add(r.c.load());
        }
        ResourceUsage u = new ResourceUsage(dt, app, main, render, hwui, gpu, top, device, freqs, throttled, rss,
                end.pssSoFar, thermal, temp, battery, LoadFigures.interval(describing, x.net, y.net));
        return new Rates(u, others);
    }

    /** Rule 5. */
    private static Boolean throttled(Integer thermal, List<ResourceCounters.Frequency> freqs, Point x, Point y,
                                     Double device) {
        if (thermal != null && thermal >= ResourceUsage.SEVERE) {
            return true;
        }
        if (freqs.stream().noneMatch(ResourceCounters.Frequency::known)) {
            return thermal == null ? null : false;
        }
        for (ResourceCounters.Frequency f : freqs) {
            if (!f.belowMax()) {
                continue;
            }
            Double busy = coresBusy(f.cpus(), x, y);
            if (busy == null) {
                busy = device;
            }
            if (busy != null && busy >= ResourceUsage.SATURATED_PERCENT) {
                return true;
            }
        }
        return false;
    }

    /** The mean busy share (%) of {@code cpus} from {@code x} to {@code y}; null when any is unknown. */
    private static Double coresBusy(List<Integer> cpus, Point x, Point y) {
        if (cpus.isEmpty()) {
            return null;
        }
        double sum = 0;
        for (int cpu : cpus) {
            double[] a = x.cores.get("cpu" + cpu);
            double[] b = y.cores.get("cpu" + cpu);
            if (a == null || b == null || b[1] - a[1] <= 0) {
                return null;
            }
            sum += 100.0 * (b[0] - a[0]) / (b[1] - a[1]);
        }
        return sum / cpus.size();
    }

    /** Drops reads before the last one at or before {@code t}. */
    private void prune(long t) {
        int keep = -1;
        for (int i = 0; i < reads.size(); i++) {
            Read r = reads.get(i);
            if (r.placed() && r.positionNs <= t) {
                keep = i;
            } else if (r.placed()) {
                break;
            }
        }
        if (keep > 0) {
            reads.subList(0, keep).clear();
        }
    }

    private static Double add(Double a, double b) {
        return a == null ? b : a + b;
    }

    private static Long max(Long a, Long b) {
        if (b == null) {
            return a;
        }
        return a == null ? b : Long.valueOf(Math.max(a, b));
    }

    private static Double max(Double a, Double b) {
        if (b == null) {
            return a;
        }
        return a == null ? b : Double.valueOf(Math.max(a, b));
    }

    private static Integer max(Integer a, Integer b) {
        if (b == null) {
            return a;
        }
        return a == null ? b : Integer.valueOf(Math.max(a, b));
    }

    /** Time-weighted sums of CPU % over the measured seconds (thread figures: same process only). */
    private static final class Figures {
        double seconds;
        final Map<String, Double> sums = new HashMap<>();
        final Map<String, Double> others = new HashMap<>();

        void add(String name, Double percent, double dt) {
            if (percent != null) {
                sums.merge(name, percent * dt, Double::sum);
            }
        }

        boolean seen(String name) {
            return sums.containsKey(name);
        }

        Double mean(String name) {
            Double s = sums.get(name);
            return s == null || seconds <= 0 ? null : s / seconds;
        }
    }

    /** The highest figure of each kind over a set of intervals. */
    private static final class Peaks {
        final Map<String, Double> named = new HashMap<>();
        final Map<String, Double> others = new HashMap<>();
        Double device;

        void add(Rates r) {
            ResourceUsage u = r.usage;
            put("app", u.appCpu());
            put(MAIN, u.mainCpu());
            put(RENDER_THREAD, u.renderThreadCpu());
            put(HWUI_TASK, u.hwuiTaskCpu());
            put(GPU_COMPLETION, u.gpuCompletionCpu());
            r.others.forEach((n, p) -> others.merge(n, p, Math::max));
            device = max(device, u.deviceCpu());
        }

        private void put(String name, Double v) {
            if (v != null) {
                named.merge(name, v, Math::max);
            }
        }

        Double get(String name) {
            return named.get(name);
        }
    }
}

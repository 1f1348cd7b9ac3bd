package io.fpsctl.capture;

import io.fpsctl.android.Pidof;
import io.fpsctl.android.resources.CpuFrequency;
import io.fpsctl.android.resources.CpuTicks;
import io.fpsctl.android.resources.GpuSysfs;
import io.fpsctl.android.resources.PowerSupply;
import io.fpsctl.android.resources.ProcNetDev;
import io.fpsctl.android.resources.QtaguidStats;
import io.fpsctl.engine.DeviceLoad;
import io.fpsctl.android.resources.ResourceProbe;
import io.fpsctl.android.resources.ResourceSample;
import io.fpsctl.android.resources.ThreadTicks;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.AppPid;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.ResourceCounters;
import io.fpsctl.engine.ResourceTimeline;
import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Reads the app's and the device's resources with every main poll (docs/metrics.md section 13): its commands ride in
 * the poll's shell batch ({@link CaptureSession} puts them after the poller's), so they cost no round trip of their
 * own. The fast parts every poll (with the GPU, battery power and network files of docs/metrics.md 14), PSS every
 * {@value #MEMINFO_EVERY_S} s, thermal and battery every
 * {@value #THERMAL_EVERY_S} s. The app's pid is the one the frame source last printed (gfxinfo's pid line), else the
 * one {@code pidof} gave in the previous batch; an app restart moves the reads to the new pid. Each part that cannot
 * be read is said once, in one line naming the device. One thread (the poll loop) uses it.
 */
public final class ResourceReader {
    static final int MEMINFO_EVERY_S = 10;
    static final int THERMAL_EVERY_S = 5;
    private static final long S = 1_000_000_000L;

    private final Device device;
    private final String pkg;
    private final int sdk;
    private final List<FrameEngine> engines;
    private final List<ResourceTimeline> timelines = new ArrayList<>();
    private final Consumer<String> notes;
    private final HostClock clock;
    /** The pid the frame source printed last, or null (a source that prints none). */
    private final Supplier<AppPid> sourcePid;
    private final String pidof;
    private int pidofPid;
    private ResourceProbe pending;
    /** netd's rule as the first batch that read it printed it: read once per run (docs/metrics.md 14 rule 1). */
    private String netRule;
    private long lastMeminfoNs = Long.MIN_VALUE;
    private long lastThermalNs = Long.MIN_VALUE;
    /** The parts already said to be missing (the text before the first ':'). */
    private final Set<String> said = new LinkedHashSet<>();
    private boolean parseErrorSaid;
    /** Whether the last {@link #read} added a read (to {@link #place}). */
    private boolean added;
    /** Reads in a row that found nothing of the app's process. */
    private int unreadable;
    static final int UNREADABLE_READS = 3;

    /**
     * @param sdk       the device's API level (0: unknown; thermal status then is tried)
     * @param engines   every engine the reads go to (each gets its own {@link ResourceTimeline})
     * @param sourcePid the pid the frame source printed last, or null when unknown
     */
    ResourceReader(Device device, String pkg, int sdk, List<FrameEngine> engines, Supplier<AppPid> sourcePid,
                   Consumer<String> notes, HostClock clock) {
        this.device = device;
        this.pkg = pkg;
        this.sdk = sdk <= 0 ? Integer.MAX_VALUE : sdk;
        this.engines = List.copyOf(engines);
        this.sourcePid = sourcePid;
        this.notes = notes;
        this.clock = clock;
        this.pidof = Pidof.command(pkg);
        for (FrameEngine e : engines) {
            ResourceTimeline t = new ResourceTimeline(ResourceProbe.clockTicksPerSecond());
            timelines.add(t);
            e.resourceTimeline(t);
        }
    }

    /**
     * The commands to run in the next poll's batch: {@code pidof} when the source gives no pid, and the probe when a
     * pid is known.
     */
    List<String> nextCommands() {
        List<String> c = new ArrayList<>(2);
        AppPid p = sourcePid.get();
        if (p == null) {
            c.add(pidof);
        }
        int pid = p != null ? p.value() : pidofPid;
        pending = null;
        if (pid > 0) {
            long now = clock.nanoTime();
            boolean meminfo = due(lastMeminfoNs, now, MEMINFO_EVERY_S);
            boolean thermal = due(lastThermalNs, now, THERMAL_EVERY_S);
            pending = ResourceProbe.of(pid, sdk, meminfo, thermal, true, pkg, netRule);
            if (meminfo) {
                lastMeminfoNs = now;
            }
            if (thermal) {
                lastThermalNs = now;
            }
            c.add(pending.command());
        }
        return c;
    }

    private static boolean due(long last, long now, int everySeconds) {
        return last == Long.MIN_VALUE || now - last >= everySeconds * S;
    }

    /**
     * Reads what the batch answered (the answers are handed out once) and adds it to every engine's timeline at
     * {@code positionNs} on the frame timeline ({@link ResourceTimeline#UNPLACED} when not known yet).
     */
    void read(long positionNs) {
        added = false;
        if (sourcePid.get() == null) {
            ShellResult r = device.shell(pidof);
            AppPid p = Pidof.parse(r.stdout());
            pidofPid = p == null ? 0 : p.value();
        }
        ResourceProbe probe = pending;
        pending = null;
        if (probe == null) {
            return;
        }
        ShellResult r = device.shell(probe.command());
        ResourceSample s;
        try {
            s = probe.parse(r.stdout());
            if (netRule == null) {
                netRule = probe.netRuleText(r.stdout());
            }
        } catch (DumpFormatException e) {
            if (!parseErrorSaid) {
                parseErrorSaid = true;
                notes.accept("device " + device.serial() + ": " + e.getMessage() + ": those resources are not "
                        + "shown");
            }
            return;
        }
        if (s.process() == null && s.threads().isEmpty()) {
            // the app is not running, or restarted since its pid was learnt (one read): nothing of it to read; the
            // same several reads in a row is a device that does not let us read it, said once like any part
            if (++unreadable == UNREADABLE_READS) {
                sayMissing(s.missing());
            }
            return;
        }
        unreadable = 0;
        sayMissing(s.missing());
        if (Double.isNaN(s.uptimeSeconds())) {
            return; // no clock: no rate can be worked out from this read
        }
        ResourceCounters c = counters(s);
        for (ResourceTimeline t : timelines) {
            t.add(positionNs, c);
        }
        added = true;
    }

    /** Places the read of this poll, if any, at {@code positionNs} on the frame timeline (docs/metrics.md 13.8). */
    void place(long positionNs) {
        if (added) {
            for (ResourceTimeline t : timelines) {
                t.placeNewest(positionNs);
            }
        }
    }

    /** One line naming the device with the parts not said before. */
    private void sayMissing(List<String> missing) {
        List<String> fresh = new ArrayList<>();
        for (String m : missing) {
            int colon = m.indexOf(':');
            if (said.add(colon > 0 ? m.substring(0, colon) : m)) {
                fresh.add(m);
            }
        }
        if (!fresh.isEmpty()) {
            notes.accept("device " + device.serial() + ": cannot read " + String.join("; ", fresh)
                    + " (shown as null)");
        }
    }

    /** The device's read as the engine takes it. */
    static ResourceCounters counters(ResourceSample s) {
        List<ResourceCounters.Thread> threads = new ArrayList<>(s.threads().size());
        for (ThreadTicks t : s.threads()) {
            threads.add(new ResourceCounters.Thread(t.tid(), t.name(), t.cpuTicks()));
        }
        List<ResourceCounters.Cpu> cores = new ArrayList<>(s.cores().size());
        for (CpuTicks c : s.cores()) {
            cores.add(cpu(c));
        }
        List<ResourceCounters.Frequency> freqs = new ArrayList<>(s.frequencies().size());
        for (CpuFrequency f : s.frequencies()) {
            freqs.add(new ResourceCounters.Frequency(f.policy(), f.cpus(), f.curKhz(), f.maxKhz()));
        }
        return new ResourceCounters(s.uptimeSeconds(), s.pid(), threads, s.allCpus() == null ? null : cpu(s.allCpus()),
                cores, freqs, s.rssKb(), s.pssKb(), s.thermalStatus(), s.batteryTempC(), s.maxTempC(), s.missing(),
                load(s));
    }

    /** The GPU, power and network parts of the read (docs/metrics.md 14), or null when they were not read. */
    static DeviceLoad load(ResourceSample s) {
        if (s.gpu() == null && s.power() == null && s.deviceNet() == null && s.netReason() == null
                && s.appNet() == null) {
            return null;
        }
        GpuSysfs.Reading g = s.gpu();
        PowerSupply.Reading p = s.power();
        String gpuReason = g == null ? "no output" : g.reason();
        Boolean external = p == null || p.status() == null ? null : p.externalPower();
        String powerReason = p == null ? "no output"
                : p.drainMw() != null ? null
                : p.reason() != null ? p.reason()
                : p.externalPower() ? "charging (" + p.status() + ")"
                : "battery status " + p.status();
        QtaguidStats.Bytes app = s.appNet();
        ProcNetDev.Bytes dev = s.deviceNet();
        return new DeviceLoad(g == null ? null : g.loadPercent(), g == null ? null : g.mhz(), gpuReason, external,
                p == null ? null : p.drainMw(), p == null ? 0 : p.dischargeSign(), powerReason,
                app == null ? null : app.rx(), app == null ? null : app.tx(),
                app == null ? (s.netReason() == null ? "not read" : s.netReason()) : null,
                dev == null ? null : dev.rx(), dev == null ? null : dev.tx(),
                dev == null ? deviceNetReason(s.missing()) : null,
                s.gpuWork() == null ? null : s.gpuWork().activeNs(),
                s.gpuWork() == null ? "not read" : s.gpuWork().reason());
    }

    private static String deviceNetReason(List<String> missing) {
        for (String m : missing) {
            if (m.startsWith("device network: ")) {
                return m.substring("device network: ".length());
            }
        }
        return "not read";
    }

    private static ResourceCounters.Cpu cpu(CpuTicks c) {
        return new ResourceCounters.Cpu(c.cpu(), c.busyTicks(), c.totalTicks());
    }
}

package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.Scenarios;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: a device on a manual clock with an in-memory truth, plus dump parsing. */
final class SimHarness implements FrameObserver {

    static final String PKG = "com.example.feed";

    final ManualTimeSource time = new ManualTimeSource();
    final SimulatedAndroid device;
    final Map<Integer, List<HwuiFrame>> hwui = new HashMap<>();
    final Map<String, List<LayerFrame>> layers = new HashMap<>();
    /** Every resources truth the device handed out (issue 26), oldest first. */
    final List<ResourceTruth> resources = new ArrayList<>();

    SimHarness(String scenario, int android, Integer refresh, long seed) {
        this(Scenarios.byName(scenario), android, refresh, seed);
    }

    SimHarness(Scenario scenario, int android, Integer refresh, long seed) {
        this(scenario, android, refresh, seed, GpuProfile.ADRENO);
    }

    SimHarness(String scenario, int android, GpuProfile gpu) {
        this(Scenarios.byName(scenario), android, null, 1, gpu);
    }

    SimHarness(Scenario scenario, int android, Integer refresh, long seed, GpuProfile gpu) {
        device = SimulatedAndroid.create(scenario, SimOptions.defaults().withAndroid(android).withRefreshHz(refresh)
                .withSeed(seed).withGpu(gpu), time, this);
    }

    /** Every GPU, battery and network truth the device handed out (docs/metrics.md 14), oldest first. */
    final List<LoadTruth> loads = new ArrayList<>();

    @Override
    public void load(LoadTruth truth) {
        loads.add(truth);
    }

    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        hwui.computeIfAbsent(windowIndex, k -> new ArrayList<>()).add(frame);
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        layers.computeIfAbsent(layerKey, k -> new ArrayList<>()).add(frame);
    }

    @Override
    public void resources(ResourceTruth truth) {
        resources.add(truth);
    }

    List<HwuiFrame> frames(int window) {
        return hwui.getOrDefault(window, List.of());
    }

    void advanceMillis(long ms) {
        time.advanceMillis(ms);
        device.advance();
    }

    record Result(String out, String err, int exit) {
    }

    Result run(String cmd) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            int exit = device.run(cmd, out, err);
            return new Result(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), exit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String sh(String cmd) {
        return run(cmd).out();
    }

    // ---- parsing ------------------------------------------------------------------------------------

    /** A parsed PROFILEDATA block. */
    record Block(String window, List<String> header, List<String> rawRows, List<long[]> rows) {
        int col(String label) {
            int i = header.indexOf(label);
            if (i < 0) {
                throw new AssertionError("no column " + label + " in " + header);
            }
            return i;
        }
    }

    /** All PROFILEDATA blocks, each attributed to the preceding {@code Window:} or ViewRootImpl line. */
    static List<Block> blocks(String dump) {
        List<Block> out = new ArrayList<>();
        String[] lines = dump.split("\n", -1);
        String window = null;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("Window: ")) {
                window = l.substring(8);
            } else if (l.startsWith("\t") && l.contains("/android.view.ViewRootImpl@")) {
                window = l.substring(1, l.indexOf("/android.view.ViewRootImpl@"));
            } else if (l.equals("---PROFILEDATA---")) {
                String headerLine = lines[++i];
                List<String> header = List.of(headerLine.substring(0, headerLine.length() - 1).split(","));
                if (!headerLine.endsWith(",")) {
                    throw new AssertionError("header without trailing comma");
                }
                List<String> raw = new ArrayList<>();
                List<long[]> rows = new ArrayList<>();
                while (i + 1 < lines.length && !lines[i + 1].equals("---PROFILEDATA---")) {
                    String r = lines[++i];
                    raw.add(r);
                    String[] cells = r.substring(0, Math.max(0, r.length() - 1)).split(",");
                    long[] v = new long[cells.length];
                    for (int c = 0; c < cells.length; c++) {
                        v[c] = Long.parseLong(cells[c]);
                    }
                    rows.add(v);
                }
                i++;
                out.add(new Block(window, header, raw, rows));
            }
        }
        return out;
    }

    /** Summary lines ({@code key: value}) of the section starting at the first line equal to/starting with {@code start}. */
    static Map<String, String> summaryAfter(String dump, String startPrefix) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] lines = dump.split("\n", -1);
        int i = 0;
        while (i < lines.length && !lines[i].startsWith(startPrefix)) {
            i++;
        }
        for (i++; i < lines.length; i++) {
            String l = lines[i];
            if (l.isEmpty() || l.startsWith("Window: ") || l.startsWith("Pipeline") || l.startsWith("---")
                    || l.startsWith("Caches") || l.startsWith("Font Cache") || l.startsWith("\t")) {
                if (m.isEmpty() && (l.isEmpty() || l.startsWith("Window: "))) {
                    continue;
                }
                break;
            }
            int c = l.indexOf(": ");
            if (c > 0) {
                m.put(l.substring(0, c), l.substring(c + 2));
            }
        }
        return m;
    }
}

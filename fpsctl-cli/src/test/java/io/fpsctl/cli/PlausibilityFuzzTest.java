package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeded fuzz test of issue 24 (what to build 8): a few thousand mutants of the dumps in examples/, of fpsctl's CSV
 * of them and of hand-written seeds (a small {@code --latency} dump, Android 12 framestats, a frames CSV) — every
 * single value and column of the seeds at the bounds ({@link DumpMutants#atBounds}), then random mutants — through
 * {@code analyze} in-process, and of summaries through {@code gate --from}. Whatever the bytes: no exception escapes, no
 * stack trace or multi-line error, every input ends within {@link #PER_INPUT_SECONDS}, and a run that exits 0 (or, for
 * the gate, judges) reports only figures that can be true — checked here against the bounds of docs/metrics.md ("What
 * fpsctl refuses to believe"), written out again in {@link #impossible} rather than taken from fpsctl's own check. What
 * {@code analyze} writes with exit 0 must also be accepted by {@code gate --from}. Deterministic: mutant {@code i} is
 * always the same; a failure names its seed.
 */
class PlausibilityFuzzTest {
    /** Random dump mutants through analyze (besides every single-value mutant of the seeds at the bounds). */
    private static final int DUMPS = 2000;
    /** Summary mutants through gate --from. */
    private static final int SUMMARIES = 1000;
    /** An input that takes longer hangs (the largest mutant, 200 copies of a 100 000-digit line, takes ~1 s). */
    private static final int PER_INPUT_SECONDS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most vsyncs one frame can miss: an hour at 1000 Hz. */
    private static final double MAX_DROPPED_PER_FRAME = 3_600_000;

    private static final String LATENCY_SEED = "16666667\n0\t1000000000\t0\n0\t1016666667\t0\n0\t1033333334\t0\n"
            + "0\t1066666668\t0\n\n";
    private static final String FRAMESTATS_SEED = "---PROFILEDATA---\n"
            + "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
            + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,"
            + "IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,"
            + "SwapBuffersCompleted,DisplayPresentTime,\n"
            + "0,1,2000000000,2000000000,0,2001000000,2001000000,2002000000,2003000000,2016666667,2000000000,16666667,"
            + "2004000000,2004000000,2005000000,2006000000,2010000000,100000,100000,2009000000,2007000000,0,\n"
            + "0,2,2016666667,2016666667,0,2017666667,2017666667,2018666667,2019666667,2033333334,2016666667,16666667,"
            + "2020666667,2020666667,2021666667,2022666667,2056666667,100000,100000,2055666667,2023666667,0,\n"
            + "---PROFILEDATA---\n";
    private static final String CSV_SEED = "device,package,source,window,intendedVsyncNs,endNs,intervalNs,durationMs,"
            + "flags\n,p,gfxinfo,w,2000000000,2010000000,16666667,10,0\n,p,gfxinfo,w,2033333334,2053333334,16666667,20,0\n";

    private static DumpMutants mutants;
    private static final List<String> summaries = new ArrayList<>();
    private static ExecutorService runner;

    @TempDir
    static Path dir;

    @BeforeAll
    static void seeds() throws Exception {
        mutants = new DumpMutants(Path.of("."), List.of(LATENCY_SEED.getBytes(StandardCharsets.UTF_8),
                FRAMESTATS_SEED.getBytes(StandardCharsets.UTF_8), CSV_SEED.getBytes(StandardCharsets.UTF_8)));
        runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-input");
            t.setDaemon(true); // a hung input must not keep the test JVM alive
            return t;
        });
        // the summaries analyze writes of every seed, to mutate for gate --from
        for (String name : List.of("examples/feed-android14-framestats.txt",
                "examples/game-android14-surfaceview-latency.txt")) {
            summaries.add(Cli.run("analyze", name, "--format", "json").out);
        }
        for (String seed : List.of(LATENCY_SEED, FRAMESTATS_SEED, CSV_SEED)) {
            Path p = dir.resolve("seed.txt");
            Files.writeString(p, seed);
            summaries.add(Cli.run("analyze", p.toString(), "--format", "json").out);
        }
    }

    @AfterAll
    static void stop() {
        runner.shutdownNow();
    }

    @Test
    void noMutantGivesAStackTraceAHangOrAnImpossibleFigure() throws Exception {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        int analysed = 0;
        int refused = 0;
        Path in = dir.resolve("mutant.txt");
        Path out = dir.resolve("mutant.json");
        List<byte[]> bounds = new ArrayList<>();
        for (String seed : List.of(LATENCY_SEED, FRAMESTATS_SEED, CSV_SEED)) {
            bounds.addAll(DumpMutants.atBounds(seed));
        }
        for (int i = 0; i < bounds.size() + DUMPS && failures.size() < 5; i++) {
            // seeds below 24 000 000 + bounds name the i-th mutant at the bounds, the others a random mutant
            long seed = 24_000_000L + i;
            Files.write(in, i < bounds.size() ? bounds.get(i) : mutants.mutant(seed));
            Cli r = run(seed, failures, "analyze", in.toString(), "--format", "json");
            if (r == null || !oneLineErrors(seed, r, Set.of(0, 5), failures)) {
                continue;
            }
            if (r.exit == 5) {
                refused++;
                continue;
            }
            analysed++;
            JsonNode s = JSON.readTree(r.out);
            String why = impossible(s);
            if (why != null) {
                failures.add("seed " + seed + ": analyze exit 0 with " + why + "\n" + r.out);
                continue;
            }
            // fpsctl accepts what it wrote: the gate judges it (pass or fail), never calls it untrustworthy
            Files.writeString(out, r.out);
            Cli gate = run(seed, failures, "gate", "--from", out.toString(), "--min-fps", "1");
            if (gate != null) {
                oneLineErrors(seed, gate, Set.of(0, 1), failures);
            }
        }
        int judged = 0;
        int distrusted = 0;
        for (int i = 0; i < SUMMARIES && failures.size() < 5; i++) {
            long seed = 24_500_000L + i;
            Files.writeString(out, mutateSummary(summaries.get((int) (seed % summaries.size())), new Random(seed)));
            Cli gate = run(seed, failures, "gate", "--from", out.toString(), "--min-fps", "30", "--max-p90-ms", "16");
            if (gate == null || !oneLineErrors(seed, gate, Set.of(0, 1, 5), failures)) {
                continue;
            }
            if (gate.exit == 5) {
                distrusted++;
                continue;
            }
            judged++;
            String why = impossible(JSON.readTree(Files.readString(out)));
            if (why != null) {
                failures.add("seed " + seed + ": gate --from judged (exit " + gate.exit + ") a summary with " + why
                        + "\n" + Files.readString(out));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("plausibility fuzz: %d dump mutants at the bounds and %d random ones (%d analysed, %d refused), "
                + "%d summary mutants (%d judged, %d refused) in %.1f s%n", bounds.size(), DUMPS, analysed, refused,
                SUMMARIES, judged, distrusted, seconds);
        if (!failures.isEmpty()) {
            fail(failures.size() + " mutant(s) failed:\n" + String.join("\n\n", failures));
        }
        assertTrue(bounds.size() > 1000, "mutants at the bounds: " + bounds.size());
        assertTrue(analysed > DUMPS / 10 && refused > DUMPS / 10, "the mutants reach both outcomes: " + analysed
                + " analysed, " + refused + " refused");
        assertTrue(judged > SUMMARIES / 10 && distrusted > SUMMARIES / 10, "the summary mutants reach both outcomes: "
                + judged + " judged, " + distrusted + " refused");
    }

    /** Runs fpsctl in-process, bounded in time; null (and a failure) when it threw or hung. */
    private static Cli run(long seed, List<String> failures, String... args) throws InterruptedException {
        Future<Cli> f = runner.submit(() -> Cli.run(args));
        try {
            return f.get(PER_INPUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            failures.add("seed " + seed + ": " + args[0] + " did not end within " + PER_INPUT_SECONDS + " s");
            runner = Executors.newSingleThreadExecutor(); // the hung thread keeps the old one
        } catch (java.util.concurrent.ExecutionException e) {
            failures.add("seed " + seed + ": " + args[0] + " threw " + e.getCause());
        }
        return null;
    }

    /** The exit code is one of {@code allowed} and stderr is "fpsctl: " lines without stack traces. */
    private static boolean oneLineErrors(long seed, Cli r, Set<Integer> allowed, List<String> failures) {
        if (!allowed.contains(r.exit)) {
            failures.add("seed " + seed + ": exit " + r.exit + "\n" + r);
            return false;
        }
        for (String line : r.err.lines().toList()) {
            if (!line.startsWith("fpsctl: ") || line.length() > 300 || line.contains("internal error")
                    || line.matches(".*\\b[a-z]+\\.[a-z.]*[A-Z]\\w*(Exception|Error)\\b.*") || line.startsWith("\tat ")) {
                failures.add("seed " + seed + ": not a one-line error: " + line);
                return false;
            }
        }
        return true;
    }

    /** A summary with one value replaced by a wrong type or a value at or beyond a bound. */
    private static String mutateSummary(String json, Random r) throws IOException {
        JsonNode root = JSON.readTree(json);
        List<com.fasterxml.jackson.databind.node.ObjectNode> parents = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        collect(root, parents, keys);
        Object[] values = {-1, -0.01, 0, 1e9, 5e8, 1001.0, 100.01, 3.7e12, 672025581L, "60", "yes", true, null, 1.5,
            2.5e-7, Long.MAX_VALUE};
        int mutations = 1 + r.nextInt(2);
        for (int m = 0; m < mutations && !parents.isEmpty(); m++) {
            int i = r.nextInt(parents.size());
            Object v = values[r.nextInt(values.length)];
            var node = parents.get(i);
            String key = keys.get(i);
            if (r.nextInt(8) == 0) {
                key = "partial"; // the key a gate most needs to trust
                node = (com.fasterxml.jackson.databind.node.ObjectNode) root;
            }
            node.set(key, JSON.valueToTree(v));
        }
        return JSON.writeValueAsString(root);
    }

    private static void collect(JsonNode n, List<com.fasterxml.jackson.databind.node.ObjectNode> parents,
                                List<String> keys) {
        if (n instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isValueNode() && !e.getKey().equals("schemaVersion") && !e.getKey().equals("source")) {
                    parents.add(o);
                    keys.add(e.getKey());
                }
                collect(e.getValue(), parents, keys);
            }
        } else if (n.isArray()) {
            n.forEach(c -> collect(c, parents, keys));
        }
    }

    /** The first figure of a summary (or of one of its windows) that cannot be true; null when all can. */
    static String impossible(JsonNode s) {
        String why = impossibleHere(s);
        if (why == null && s.has("windows")) {
            for (JsonNode w : s.get("windows")) {
                why = why == null ? impossible(w) : why;
            }
        }
        if (why == null && s.has("iterations")) {
            for (JsonNode it : s.get("iterations")) {
                why = why == null ? impossible(it) : why;
            }
        }
        return why;
    }

    private static String impossibleHere(JsonNode s) {
        JsonNode partial = s.get("partial");
        if (partial != null && !partial.isNull() && !partial.isBoolean()) {
            return "partial " + partial;
        }
        for (String k : List.of("dropLevels", "frameTimeMs", "stagesMs", "mainCauses", "choreographerMs",
                "androidVitals", "frameTimeline")) {
            JsonNode v = s.get(k);
            if (v != null && !v.isNull() && !v.isObject()) {
                return k + " is no object: " + v;
            }
        }
        for (String k : List.of("package", "name", "worstFrameCause")) {
            JsonNode v = s.get(k);
            if (v != null && !v.isNull() && !v.isTextual()) {
                return k + " is no text: " + v;
            }
        }
        JsonNode t0 = s.path("frameTimeMs");
        if (t0.isObject()) {
            long numbers = List.of("p50", "p90", "p95", "p99", "max", "mean").stream()
                    .filter(k -> t0.path(k).isNumber()).count();
            if (numbers != 0 && numbers != 6) {
                return "frameTimeMs with only some percentiles (a gate would call the rest n/a): " + t0;
            }
        }
        Double hz = number(s, "refreshHz");
        if (hz != null && (hz < 1 || hz > 1000)) {
            return "refreshHz " + hz;
        }
        double maxRate = (hz == null ? 1000 : hz) + 0.05;
        for (String k : List.of("fps", "spanFps", "scrollFps", "fingerScrollFps")) {
            Double v = number(s, k);
            if (v != null && (v < 0 || v > maxRate)) {
                return k + " " + v + " with refreshHz " + hz;
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isNumber() && v.asDouble() < 0) {
                return e.getKey() + " is negative: " + v;
            }
            if (!v.isNull() && !v.isNumber() && Set.of("refreshHz", "frames", "timedFrames", "fps", "spanFps",
                    "jankyFrames", "jankPercent", "droppedFrames").contains(e.getKey())) {
                return e.getKey() + " is no number: " + v;
            }
            if (v.isObject() && Set.of("dropLevels", "mainCauses", "stagesMs", "choreographerMs", "androidVitals",
                    "frameTimeMs").contains(e.getKey())) {
                for (Iterator<Map.Entry<String, JsonNode>> c = v.fields(); c.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = c.next();
                    if (f.getValue().isNumber() && f.getValue().asDouble() < 0) {
                        return e.getKey() + "." + f.getKey() + " is negative: " + f.getValue();
                    }
                }
            }
        }
        long frames = s.path("frames").asLong();
        long timed = s.path("timedFrames").asLong();
        if (timed > frames || s.path("jankyFrames").asLong() > timed) {
            return "frames " + frames + ", timedFrames " + timed + ", jankyFrames " + s.path("jankyFrames");
        }
        if (s.path("droppedFrames").asDouble() > frames * MAX_DROPPED_PER_FRAME) {
            return "droppedFrames " + s.path("droppedFrames") + " for " + frames + " frames";
        }
        for (String k : List.of("jankPercent", "stutterPercent")) {
            Double v = number(s, k);
            if (v != null && v > 100.005) {
                return k + " " + v;
            }
        }
        for (JsonNode v : s.path("androidVitals")) {
            if (v.isNumber() && v.asDouble() > 100.005) {
                return "androidVitals " + s.get("androidVitals");
            }
        }
        JsonNode t = s.path("frameTimeMs");
        if (t.isObject() && t.path("p50").isNumber() && t.path("p90").isNumber() && t.path("p95").isNumber()
                && t.path("p99").isNumber() && t.path("max").isNumber() && t.path("mean").isNumber()) {
            double[] ordered = {t.path("p50").asDouble(), t.path("p90").asDouble(), t.path("p95").asDouble(),
                t.path("p99").asDouble(), t.path("max").asDouble()};
            for (int i = 1; i < ordered.length; i++) {
                if (ordered[i] < ordered[i - 1]) {
                    return "percentiles out of order: " + t;
                }
            }
            if (t.path("mean").asDouble() > t.path("max").asDouble() + 0.005) {
                return "mean above max: " + t;
            }
        }
        return null;
    }

    private static Double number(JsonNode s, String key) {
        JsonNode v = s.get(key);
        return v == null || !v.isNumber() ? null : v.asDouble();
    }
}

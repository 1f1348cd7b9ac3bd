package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Android 6 as a real one is: its adbd (system/core android-6.0.1_r1) has no {@code shell_v2}, so fpsctl measures
 * through {@code exec:} and a status mark. {@code fpsctl sim --android 6} must say so in its CNXN banner, and
 * capture, gate and watch through Debian's adb server must give the simulator's own figures: every frame fpsctl
 * reports is a truth frame with the truth's duration, and the summary counts them as docs/metrics.md 3/6 say for a
 * version without FrameDeadline (janky = duration > period), worked out here from the truth rows split by hand.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class Android6EndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /**
     * The CNXN reply of {@code fpsctl sim --android N}: android-6.0.1_r1 {@code fill_connect_data} ("%s::" then
     * "%s=%s;" per property, the NUL counted) against android-7.0.0_r1 {@code get_connection_string}
     * (";features=shell_v2,cmd").
     */
    @ParameterizedTest(name = "Android {0}")
    @CsvSource(delimiter = '|', value = {
        "6|device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;\\0",
        "7|device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;features=shell_v2,cmd",
    })
    void simBannerOffersShellV2OnlyFrom7(int android, String banner) throws Exception {
        int port = TestAdb.freePort();
        CompletableFuture<Cli> sim = CompletableFuture.supplyAsync(() -> Cli.run("sim", "--port",
                Integer.toString(port), "--android", Integer.toString(android), "--run-for", "3s"));
        AtomicReference<byte[]> payload = new AtomicReference<>();
        PollUntil.condition(() -> {
            payload.set(cnxnPayload(port));
            return payload.get() != null;
        }, Duration.ofSeconds(10), "fpsctl sim listening on " + port);
        assertArrayEquals(banner.replace("\\0", "\0").getBytes(StandardCharsets.US_ASCII), payload.get());
        assertEquals(0, sim.get(20, TimeUnit.SECONDS).exit);
    }

    /** capture, gate and watch on Android 6 through the real adb server, checked against the truth. */
    @Test
    void captureGateAndWatchThroughTheAdbServerGiveTheTruth(@TempDir Path home) throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        assumeTrue(binary.isPresent(), "adb is not on PATH (apt-get install adb): skipping");
        int adbPort = TestAdb.freePort();
        AdbCli adb = new AdbCli(binary.get(), adbPort, home);
        Duration t = Duration.ofSeconds(20);
        Path truth = home.resolve("truth.txt");
        Path out = home.resolve("out");
        Path watchCsv = home.resolve("watch.csv");
        try (Simulator s = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(6), 60, 11, PKG), 0, truth, false, null, 0))) {
            assertEquals(0, adb.run(t, "start-server").exitCode());
            assertTrue(adb.run(t, "connect", s.serial()).stdout().contains("connected"));
            String p = Integer.toString(adbPort);
            Cli capture = Cli.run("capture", PKG, "-P", p, "-s", s.serial(), "--duration", "3s", "--out",
                    out.toString(), "--source", "gfxinfo");
            assertEquals(0, capture.exit, capture.toString());
            Cli gate = Cli.run("gate", PKG, "-P", p, "-s", s.serial(), "--duration", "2s", "--min-fps", "1");
            assertEquals(0, gate.exit, gate.toString());
            Cli watch = Cli.run("watch", PKG, "-P", p, "-s", s.serial(), "--duration", "2s", "--plain",
                    "--frames-csv", watchCsv.toString());
            assertEquals(0, watch.exit, watch.toString());
        } finally {
            adb.run(t, "kill-server");
        }
        Map<Long, Long> durationByVsync = truthDurations(truth);
        Path dir;
        try (Stream<Path> w = Files.walk(out)) {
            dir = w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow().getParent();
        }
        long janky = 0;
        List<CSVRecord> rows = rows(dir.resolve("frames.csv"));
        for (CSVRecord r : rows) {
            long d = checkedAgainstTruth(r, durationByVsync);
            long period = Long.parseLong(r.get("intervalNs"));
            // 60 Hz: 1e9 / 60 = 16 666 666.7 ns
            assertTrue(Math.abs(period - 16_666_667L) <= 1, "period " + period);
            boolean slow = d > period; // docs/metrics.md 4 before FrameDeadline (Android ≤ 11)
            assertEquals(slow, Boolean.parseBoolean(r.get("janky")), "janky of " + r);
            janky += slow ? 1 : 0;
        }
        assertTrue(rows.size() > 100, "a real capture: " + rows.size() + " frames");
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        assertEquals(rows.size(), summary.get("frames").asLong(), summary::toString);
        assertEquals(janky, summary.get("jankyFrames").asLong(), summary::toString);
        assertTrue(janky > 0, "the jank scenario janks");
        List<CSVRecord> watched = rows(watchCsv);
        assertTrue(watched.size() > 50, "watch saw frames: " + watched.size());
        for (CSVRecord r : watched) {
            checkedAgainstTruth(r, durationByVsync);
        }
    }

    /** {@code --simulate --sim-android 6}: straight to the simulated Android 6 adbd (its banner has no features). */
    @Test
    void simulatedAndroid6Directly(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("capture", PKG, "--simulate=smooth", "--sim-android", "6", "--duration", "2s", "--out",
                dir.toString());
        assertEquals(0, r.exit, r.toString());
        try (Stream<Path> w = Files.walk(dir)) {
            Path summary = w.filter(f -> f.getFileName().toString().equals("summary.json")).findFirst().orElseThrow();
            assertTrue(JSON.readTree(summary.toFile()).get("frames").asLong() > 50, Files.readString(summary));
        }
    }

    /** A frames.csv row's frame is a truth frame, with the truth's duration (to the microsecond printed); returns it. */
    private static long checkedAgainstTruth(CSVRecord r, Map<Long, Long> durationByVsync) {
        long vsync = Long.parseLong(r.get("intendedVsyncNs"));
        Long d = durationByVsync.get(vsync);
        assertNotNull(d, "not a truth frame: " + r);
        assertEquals(d / 1e6, Double.parseDouble(r.get("durationMs")), 0.0015, "duration of " + r);
        return d;
    }

    /** IntendedVsync → FrameCompleted − IntendedVsync of every truth row, the columns found by their labels. */
    private static Map<Long, Long> truthDurations(Path truth) throws IOException {
        Map<Long, Long> out = new HashMap<>();
        int vsync = -1;
        int done = -1;
        for (String line : Files.readAllLines(truth)) {
            if (line.startsWith("Flags,")) {
                List<String> h = List.of(line.split(","));
                vsync = h.indexOf("IntendedVsync");
                done = h.indexOf("FrameCompleted");
            } else if (vsync >= 0 && !line.isEmpty() && Character.isDigit(line.charAt(0))) {
                String[] c = line.split(",");
                if (Long.parseLong(c[0]) == 0) { // flags 0: a timed frame
                    out.put(Long.parseLong(c[vsync]), Long.parseLong(c[done]) - Long.parseLong(c[vsync]));
                }
            }
        }
        assertTrue(out.size() > 100, "truth rows: " + out.size());
        return out;
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            return p.getRecords();
        }
    }

    /** Sends a host CNXN to 127.0.0.1:{@code port} and returns the device's CNXN payload, or null if none answers. */
    private static byte[] cnxnPayload(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            byte[] banner = "host::\0".getBytes(StandardCharsets.US_ASCII);
            ByteBuffer m = ByteBuffer.allocate(24 + banner.length).order(ByteOrder.LITTLE_ENDIAN);
            int cnxn = 0x4e584e43;
            int sum = 0;
            for (byte b : banner) {
                sum += b & 0xff;
            }
            m.putInt(cnxn).putInt(0x01000000).putInt(4096).putInt(banner.length).putInt(sum).putInt(~cnxn)
                    .put(banner);
            OutputStream o = socket.getOutputStream();
            o.write(m.array());
            o.flush();
            InputStream in = socket.getInputStream();
            ByteBuffer header = ByteBuffer.wrap(in.readNBytes(24)).order(ByteOrder.LITTLE_ENDIAN);
            if (header.capacity() < 24 || header.getInt(0) != cnxn) {
                return null;
            }
            return in.readNBytes(header.getInt(12));
        } catch (IOException e) {
            return null;
        }
    }
}

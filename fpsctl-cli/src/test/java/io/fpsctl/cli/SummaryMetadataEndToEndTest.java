package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json says where and when it was measured: the device's model, Android version, build fingerprint and
 * display modes as the (simulated) device answers getprop and dumpsys display, fpsctl's version and the start
 * time; analyze's JSON names the file of each entry.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class SummaryMetadataEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void captureSummaryNamesTheDeviceAndTheStartTime(@TempDir Path dir) throws Exception {
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Cli r = Cli.run("capture", PKG, "--simulate=smooth", "--sim-android", "12", "--sim-refresh", "120",
                "--duration", "1s", "--out", dir.toString());
        Instant after = Instant.now();
        assertEquals(0, r.exit, r.toString());
        Path summary;
        try (Stream<Path> s = Files.find(dir, 3, (p, a) -> p.getFileName().toString().equals("summary.json"))) {
            summary = s.findFirst().orElseThrow();
        }
        JsonNode json = JSON.readTree(summary.toFile());
        JsonNode device = json.get("device");
        // the simulated device: getprop ro.product.model "Sim" (sim SystemProperties), Android 12 = API 31
        assertEquals("Sim", device.get("model").asText(), json.toString());
        assertEquals("12", device.get("androidVersion").asText());
        assertEquals(31, device.get("sdk").asInt());
        assertEquals("fpsctl/sim/sim:12/SIM.31/1:userdebug/test-keys", device.get("buildFingerprint").asText());
        // dumpsys display of a 120 Hz simulated device lists its rate and 60 Hz (sim DisplayDump)
        assertEquals(List.of(60.0, 120.0), JSON.convertValue(device.get("refreshModesHz"),
                JSON.getTypeFactory().constructCollectionType(List.class, Double.class)));
        assertEquals(summary.getParent().getParent().getFileName().toString(),
                device.get("serial").asText().replace(':', '_'), "the folder is named after the serial");
        Instant start = Instant.parse(json.get("startTime").asText());
        assertFalse(start.isBefore(before), start + " is not before the command started at " + before);
        assertFalse(start.isAfter(after), start + " is not after the command ended at " + after);
        assertEquals("dev", json.get("fpsctlVersion").asText(), "classes, not a built jar: no manifest version");
        assertTrue(json.get("file").isNull());
    }

    @Test
    void analyzeJsonNamesTheFileOfEachEntry() throws Exception {
        Path feed = Path.of("examples/feed-android14-framestats.txt");
        Path game = Path.of("examples/game-android14-surfaceview-latency.txt");
        Cli r = Cli.run("analyze", "--format", "json", feed.toString(), game.toString());
        assertEquals(0, r.exit, r.toString());
        JsonNode all = JSON.readTree(r.out);
        assertEquals(2, all.size(), r.out);
        assertEquals(feed.toString(), all.get(0).get("file").asText());
        assertEquals(game.toString(), all.get(1).get("file").asText());
        assertTrue(all.get(0).get("device").isNull(), "a saved dump does not say which device");
        assertTrue(all.get(0).get("startTime").isNull());
    }
}

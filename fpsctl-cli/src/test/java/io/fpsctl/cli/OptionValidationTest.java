package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every option is checked at parse time: a bad value is one line and exit 2, before any device is touched. */
@Tag("e2e")
class OptionValidationTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "watch com.example.feed --simulate --duration 999999999999d",
        "watch com.example.feed --simulate --duration 31d",
        "watch com.example.feed --simulate --duration 0s",
        "watch com.example.feed --simulate --duration NaN",
        "watch com.example.feed --simulate --duration 1e3s",
        "capture com.example.feed --simulate --duration 1s --out x --window 0ms",
        "watch com.example.feed --simulate --reconnect-timeout 0",
        "analyze x.txt --refresh-rate NaN",
        "analyze x.txt --refresh-rate Infinity",
        "analyze x.txt --refresh-rate 0",
        "analyze x.txt --slow-frame-ms NaN",
        "analyze x.txt --slow-frame-ms -5",
        "analyze x.txt --idle-gap -1s",
        "watch com.example.feed --simulate --slow-message-ms -1",
        "watch com.example.feed --simulate=bogus --duration 1s",
        "watch com.example.feed --simulate --bogus-flag --duration 1s",
        "gate com.example.feed --simulate --duration 1s --min-fps NaN",
        "gate com.example.feed --simulate --duration 1s --max-jank-percent -1",
        "gate com.example.feed --simulate --duration 1s --max-frozen 1.5",
        "sim --scenario nope --run-for 100ms",
        "gate --from s.json --max-frame-overrun-p90-ms NaN",
        "gate --from s.json --max-frame-overrun-p90-ms Infinity",
        "gate --from s.json --max-frame-overrun-p90-ms -Infinity",
        "gate --from s.json --max-frame-overrun-p90-ms 0x10",
        "gate --from s.json --max-frame-overrun-p90-ms -1e13",
        "gate --from s.json --max-frame-cpu-p90-ms NaN",
    })
    void aBadValueIsOneLineAndExitTwo(String line) {
        Cli r = Cli.run(line.split(" "));
        assertEquals(2, r.exit, r.toString());
        List<String> lines = r.err.lines().toList();
        assertTrue(lines.size() <= 2 && lines.get(0).startsWith("fpsctl: ") && lines.get(0).length() <= 300,
                r.err);
        assertTrue(lines.size() == 1 || lines.get(1).startsWith("Try "), r.err);
        assertTrue(r.out.isEmpty(), r.out);
    }

    @Test
    void goodValuesAreAccepted() {
        assertEquals(java.time.Duration.ofDays(30), DurationConverter.parse("720h"));
        assertEquals(java.time.Duration.ofMillis(1500), DurationConverter.parse("1.5s"));
        assertEquals(16.7, new NumberConverter.Positive().convert("16.7"));
        assertEquals(-2.5, new NumberConverter.Signed().convert("-2.5"));
        assertEquals(4.0, new NumberConverter.Signed().convert("+4"));
        assertEquals(0.0, new NumberConverter.Signed().convert("0"));
    }

    /**
     * The signed overrun threshold through picocli: each bad value is refused by its converter, with the converter's
     * own reason (not picocli's "Unknown option" for a value that starts with '-'), and a negative one is accepted.
     */
    @Test
    void theSignedThresholdIsCheckedByItsConverter(@TempDir Path dir) throws Exception {
        Cli big = Cli.run("gate", "--from", "s.json", "--max-frame-overrun-p90-ms", "-10000000000000");
        assertEquals(2, big.exit, big.toString());
        assertTrue(big.err.contains("'-10000000000000' is out of range (must be at least -1e12)"), big.err);
        Cli minusInf = Cli.run("gate", "--from", "s.json", "--max-frame-overrun-p90-ms", "-Infinity");
        assertEquals(2, minusInf.exit, minusInf.toString());
        assertTrue(minusInf.err.contains("'-Infinity' is not a number"), minusInf.err);
        Cli twoSigns = Cli.run("gate", "--from", "s.json", "--max-frame-overrun-p90-ms", "-+5");
        assertEquals(2, twoSigns.exit, twoSigns.toString());
        assertTrue(twoSigns.err.contains("'-+5' is not a number"), twoSigns.err);
        // -2 passes parsing: the run gets as far as reading --from (exit 5 for a file that is not there, not 2)
        Path missing = dir.resolve("missing.json");
        Cli negative = Cli.run("gate", "--from", missing.toString(), "--max-frame-overrun-p90-ms", "-2");
        assertEquals(5, negative.exit, negative.toString());
        assertTrue(negative.err.contains("cannot read the file"), negative.err);
    }

    @Test
    void simTruthToAFolderIsAnIoError(@TempDir Path dir) {
        Cli r = Cli.run("sim", "--port", "0", "--truth", dir.toString(), "--run-for", "100ms");
        assertEquals(5, r.exit, r.toString());
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.contains(dir.toString()), r.err);
    }
}

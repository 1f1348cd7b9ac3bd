package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulator's SurfaceFlinger lock-timeout fault prints the version's first line, written here by hand from
 * frameworks/native services/surfaceflinger/SurfaceFlinger.cpp {@code SurfaceFlinger::doDump}: 10.0.0_r1
 * "SurfaceFlinger appears to be unresponsive (%s [%d]), dumping anyways (no locks held)\n"; 11.0.0_r1–14.0.0_r1
 * "Dumping without lock after timeout: %s (%d)\n" (strerror(110) "Connection timed out", -110); on 15 and 16 (android-15.0.0_r1, 16.0.0_r2)
 * {@code --latency} and {@code --list} run on the main thread without the lock, so only {@code --frametimeline}
 * prints it. The rest of the dump is what the same dump prints without the fault.
 */
class SurfaceFlingerLockTimeoutTest {

    private static final String OLD =
            "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)\n";
    private static final String NEW = "Dumping without lock after timeout: Connection timed out (-110)\n";

    @ParameterizedTest(name = "Android {0}")
    @CsvSource({"10,old,old,none", "11,new,new,none", "12,new,new,new", "14,new,new,new", "15,none,none,new",
            "16,none,none,new"})
    void eachVersionPrintsItsLineFirstOnTheDumpsThatTakeTheLock(int android, String list, String latency,
                                                                String frameTimeline) {
        SimHarness h = new SimHarness("game", android, 60, 3);
        h.advanceMillis(1000);
        String[] commands = {"dumpsys SurfaceFlinger --list", "dumpsys SurfaceFlinger --latency",
                "dumpsys SurfaceFlinger --frametimeline -all"};
        String[] expected = {list, latency, frameTimeline};
        String[] plain = new String[3];
        for (int i = 0; i < 3; i++) {
            plain[i] = h.sh(commands[i]);
        }
        h.device.setSurfaceFlingerLockTimeoutEvery(1);
        long printed = 0;
        for (int i = 0; i < 3; i++) {
            String warning = switch (expected[i]) {
                case "old" -> OLD;
                case "new" -> NEW;
                default -> "";
            };
            if (i == 2 && android < 12) {
                continue; // no --frametimeline before 12
            }
            assertEquals(warning + plain[i], h.sh(commands[i]), commands[i]);
            printed += warning.isEmpty() ? 0 : 1;
        }
        assertEquals(printed, h.device.surfaceFlingerLockTimeouts());
        h.device.setSurfaceFlingerLockTimeoutEvery(0);
        assertTrue(!h.sh(commands[1]).startsWith("Dumping") && !h.sh(commands[1]).startsWith("SurfaceFlinger appears"));
    }
}

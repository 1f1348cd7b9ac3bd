package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ScreenRecord}: command lines, failures, the gfxinfo clock line and the Winscope blocks, built by hand. */
class ScreenRecordTest {

    @Test
    void commandLinesQuoteTheFileAndKeepAospsLimit() {
        assertEquals("screenrecord --time-limit 180 --bit-rate 1M /data/local/tmp/a.mp4",
                ScreenRecord.command("/data/local/tmp/a.mp4", 180));
        // anchored (toybox match_pgrep searches the whole command line): never the sh -c around screenrecord, nor
        // the shell running pkill itself; the file's dot taken literally
        // -l INT, not -INT: android 6's toybox pkill refuses -INT (SimScreenRecordTest.android6sPkillTakesOnlyDashL)
        assertEquals("pkill -l INT -f '^screenrecord .* /data/local/tmp/a b\\.mp4$'",
                ScreenRecord.stopCommand("/data/local/tmp/a b.mp4"));
        java.util.regex.Pattern p = java.util.regex.Pattern.compile("^screenrecord .* /data/local/tmp/a b\\.mp4$");
        assertTrue(p.matcher("screenrecord --time-limit 180 --bit-rate 1M /data/local/tmp/a b.mp4").find());
        assertFalse(p.matcher("/system/bin/sh -c screenrecord --time-limit 180 --bit-rate 1M /data/local/tmp/a b.mp4").find());
        assertFalse(p.matcher("sh -c pkill -l INT -f '^screenrecord .* /data/local/tmp/a b\\.mp4$'").find());
        assertFalse(p.matcher("screenrecord --time-limit 180 /data/local/tmp/a bxmp4").find());
        assertEquals("a\\.b\\*\\[c\\]\\$", ScreenRecord.ereLiteral("a.b*[c]$"));
        assertEquals("cat /data/local/tmp/a.mp4", ScreenRecord.pullCommand("/data/local/tmp/a.mp4"));
        assertEquals("rm -f /data/local/tmp/a.mp4", ScreenRecord.deleteCommand("/data/local/tmp/a.mp4"));
        assertThrows(IllegalArgumentException.class, () -> ScreenRecord.command("/x.mp4", 181));
        assertThrows(IllegalArgumentException.class, () -> ScreenRecord.command("/x.mp4", 0));
    }

    @Test
    void failuresNameTheFirstLineAndEscapeIt() {
        assertNull(ScreenRecord.failure(0, "anything"));
        assertEquals("this device has no screenrecord", ScreenRecord.failure(127, "/system/bin/sh: screenrecord: not found\n"));
        assertEquals("screenrecord exited 1: Failed to get ID for internal display",
                ScreenRecord.failure(1, "Failed to get ID for internal display\nmore\n"));
        // AOSP's main returns (int) UNKNOWN_ERROR = INT32_MIN: the exit status the shell reports is 0
        assertEquals("screenrecord failed (exit 0): ERROR: unable to create video/avc codec instance",
                ScreenRecord.failure(0, "ERROR: unable to create video/avc codec instance\n"));
        assertEquals("screenrecord exited 2: bad \\e[31m", ScreenRecord.failure(2, "bad \u001b[31m"));
        // C1 CSI and a right-to-left override, shown as the terminal shows them (worked by hand)
        assertEquals("screenrecord exited 1: \\u009b2J\\u202ex", ScreenRecord.failure(1, "\u009b2J\u202ex\n"));
    }

    @Test
    void suspendedTimeFromGfxinfosHeader() {
        String dump = "Applications Graphics Acceleration Info:\nUptime: 3600000 Realtime: 3612345\n\n** Graphics";
        assertEquals(12_345_000_000L, ScreenRecord.suspendedNs(dump));
        assertEquals(-1, ScreenRecord.suspendedNs("no header\n"));
        assertEquals(-1, ScreenRecord.suspendedNs("Uptime: 10 Realtime: 5\n"), "realtime never runs behind");
    }

    private static byte[] v2(long... boottimesNs) {
        ByteBuffer b = ByteBuffer.allocate(16 + 4 + 8 + 4 + 8 * boottimesNs.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put("#VV1NSC0PET1ME2#".getBytes(StandardCharsets.US_ASCII)).putInt(2).putLong(1_700_000_000_000_000_000L)
                .putInt(boottimesNs.length);
        for (long t : boottimesNs) {
            b.putLong(t);
        }
        return b.array();
    }

    private static Path mp4(Path dir, byte[] block, int padding) throws Exception {
        byte[] file = new byte[padding + block.length + 40];
        Arrays.fill(file, (byte) 7);
        System.arraycopy(block, 0, file, padding, block.length);
        return Files.write(dir.resolve("v" + padding + ".mp4"), file);
    }

    @Test
    void winscopeVersion2AndLegacyBlocksAnywhereInTheFile(@TempDir Path dir) throws Exception {
        long[] times = {3_612_000_000_000L, 3_612_016_666_000L, 3_612_033_333_000L};
        assertArrayEquals(times, ScreenRecord.winscopeBoottimesNs(mp4(dir, v2(times), 10)));
        // across the 64 KiB chunk boundary of the scan
        assertArrayEquals(times, ScreenRecord.winscopeBoottimesNs(mp4(dir, v2(times), (1 << 16) - 7)));
        ByteBuffer legacy = ByteBuffer.allocate(16 + 4 + 16).order(ByteOrder.LITTLE_ENDIAN);
        legacy.put("#VV1NSC0PET1ME!#".getBytes(StandardCharsets.US_ASCII)).putInt(2).putLong(5_000_000L)
                .putLong(5_016_666L);
        assertArrayEquals(new long[] {5_000_000_000L, 5_016_666_000L},
                ScreenRecord.winscopeBoottimesNs(mp4(dir, legacy.array(), 3)), "legacy: microseconds");
    }

    @Test
    void android14sTwoBlocksGiveTheSameTimes(@TempDir Path dir) throws Exception {
        // screenrecord.cpp runEncoder at android-14.0.0_r67: writeWinscopeMetadataLegacy, then writeWinscopeMetadata;
        // the same frames, the legacy block in us (ptsUsec + offset cut to us), version 2 in ns (offset + ptsUsec * 1000)
        long offsetNs = 12_345_678_901L;
        long[] ptsUs = {3_600_000_000L, 3_600_016_667L};
        ByteBuffer legacy = ByteBuffer.allocate(16 + 4 + 16).order(ByteOrder.LITTLE_ENDIAN);
        legacy.put("#VV1NSC0PET1ME!#".getBytes(StandardCharsets.US_ASCII)).putInt(2);
        for (long p : ptsUs) {
            legacy.putLong(p + offsetNs / 1000);
        }
        byte[] v2 = v2(offsetNs + ptsUs[0] * 1000, offsetNs + ptsUs[1] * 1000);
        byte[] both = new byte[legacy.capacity() + 24 + v2.length];
        System.arraycopy(legacy.array(), 0, both, 0, legacy.capacity());
        System.arraycopy(v2, 0, both, legacy.capacity() + 24, v2.length);
        long[] read = ScreenRecord.winscopeBoottimesNs(mp4(dir, both, 100));
        assertEquals(2, read.length);
        for (int i = 0; i < 2; i++) {
            assertEquals(offsetNs + ptsUs[i] * 1000, read[i], 1000, "frame " + i + ": within 1 us of version 2's");
        }
    }

    @Test
    void aCutOrMalformedBlockIsNone(@TempDir Path dir) throws Exception {
        byte[] whole = v2(10, 20, 30);
        Path cut = Files.write(dir.resolve("cut.mp4"), Arrays.copyOf(whole, whole.length - 4));
        assertNull(ScreenRecord.winscopeBoottimesNs(cut), "a count the file cannot hold");
        Path backwards = mp4(dir, v2(30, 20), 0);
        assertNull(ScreenRecord.winscopeBoottimesNs(backwards), "times never go back");
        byte[] v3 = v2(10);
        v3[16] = 3;
        assertNull(ScreenRecord.winscopeBoottimesNs(mp4(dir, v3, 1)), "an unknown version is not read as 2");
        assertNull(ScreenRecord.winscopeBoottimesNs(Files.write(dir.resolve("none.mp4"), new byte[100])));
    }
}

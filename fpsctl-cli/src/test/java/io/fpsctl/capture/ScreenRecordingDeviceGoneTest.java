package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.format.VideoJson;
import io.fpsctl.testing.PollUntil;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file pulled whole stays a file of the recording when deleting it on the device fails, however the failure comes:
 * the device may be gone by then, and dadb (Kotlin) throws IOExceptions it does not declare (DadbDevice says so where
 * it catches Exception). Seen end to end (ScreenRecordDeviceLostEndToEndTest, on a busy machine): the simulator closed
 * just after video-2.mp4 was copied, the delete failed with "closed", and video.json said "failed: copying video-2.mp4
 * failed: closed" without video-2.mp4, which was whole beside it. Here a device of this test answers each command
 * screenrecord's loop sends, and its delete fails that way.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScreenRecordingDeviceGoneTest {

    @Test
    void aFileCopiedWholeIsKeptWhenItsDeleteOnTheDeviceFails(@TempDir Path dir) throws Exception {
        Gone device = new Gone();
        List<String> warnings = new ArrayList<>();
        ScreenRecording r = ScreenRecording.start(device, "com.example.feed", dir, "video", warnings::add, 180);
        PollUntil.condition(() -> Files.isRegularFile(dir.resolve("video-1.mp4")) && device.recordings.get() >= 2,
                Duration.ofSeconds(30), "the first file copied and the second recording started");
        VideoJson.Recording recording = r.stop();
        assertNotNull(recording, "a recording with files: " + warnings);
        assertEquals(List.of("video-1.mp4", "video-2.mp4"),
                recording.files().stream().map(VideoJson.VideoFile::file).toList(), recording.toString());
        assertEquals("stopped", recording.end(), recording + " " + warnings);
        assertEquals(2, device.deletes.get(), "a delete asked for each file");
        assertEquals(List.of(), warnings);
    }

    /** Throws {@code e} whether or not it is checked, as Kotlin code does. */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException sneaky(Throwable e) throws E {
        throw (E) e;
    }

    /**
     * The first screenrecord ends at once (its limit), the second runs until fpsctl's stop command; each file reads as
     * a few bytes without a Winscope block; each delete fails as a closed dadb connection does.
     */
    private static final class Gone implements Device {
        final AtomicInteger recordings = new AtomicInteger();
        final AtomicInteger deletes = new AtomicInteger();
        final CountDownLatch stopped = new CountDownLatch(1);

        @Override
        public String serial() {
            return "gone";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            if (command.startsWith("rm -f ")) { // ScreenRecord.deleteCommand
                deletes.incrementAndGet();
                throw sneaky(new IOException("closed"));
            }
            if (command.contains("pkill")) {
                stopped.countDown();
            }
            return new ShellResult("", "", 0);
        }

        @Override
        public ShellStream openShell(String command) {
            if (command.startsWith("screenrecord")) {
                int k = recordings.incrementAndGet();
                return stream(new InputStream() {
                    @Override
                    public int read() throws IOException {
                        if (k > 1) {
                            try {
                                stopped.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return -1;
                    }
                });
            }
            return stream(new ByteArrayInputStream("not an mp4".getBytes(StandardCharsets.US_ASCII)));
        }

        private static ShellStream stream(InputStream in) {
            return new ShellStream() {
                @Override
                public InputStream stdout() {
                    return in;
                }

                @Override
                public String stderr() {
                    return "";
                }

                @Override
                public OptionalInt exitCode() {
                    return OptionalInt.of(0);
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public void install(Path apk) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void push(Path local, String remotePath) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }
}

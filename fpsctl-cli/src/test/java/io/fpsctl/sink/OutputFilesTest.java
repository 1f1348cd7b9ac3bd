package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Rows are written whole or not at all; reports replace regular files only. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OutputFilesTest {

    /** A file channel that accepts {@code room} bytes, writes part of the next buffer, then fails (a full disk). */
    private static final class FullAfter implements SeekableByteChannel {
        private final SeekableByteChannel inner;
        private long room;

        FullAfter(SeekableByteChannel inner, long room) {
            this.inner = inner;
            this.room = room;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (room <= 0) {
                throw new IOException("No space left on device");
            }
            int n = (int) Math.min(room, src.remaining());
            ByteBuffer part = src.slice().limit(n);
            int w = inner.write(part);
            src.position(src.position() + w);
            room -= w;
            return w;
        }

        @Override public int read(ByteBuffer dst) throws IOException { return inner.read(dst); }
        @Override public long position() throws IOException { return inner.position(); }
        @Override public SeekableByteChannel position(long p) throws IOException { inner.position(p); return this; }
        @Override public long size() throws IOException { return inner.size(); }
        @Override public SeekableByteChannel truncate(long size) throws IOException { inner.truncate(size); return this; }
        @Override public boolean isOpen() { return inner.isOpen(); }
        @Override public void close() throws IOException { inner.close(); }
    }

    private static WholeLinesFile failingAfter(Path p, long room) throws IOException {
        SeekableByteChannel ch = Files.newByteChannel(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        return new WholeLinesFile(p, new FullAfter(ch, room), true, true);
    }

    @Test
    void aDiskThatFillsMidRowLeavesOnlyWholeRows(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("frames.csv");
        WholeLinesFile out = failingAfter(csv, 25); // "a,b\n" + "1,2\n" fit (8 bytes) ... the third row does not
        out.write("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        out.write("3,4\n5,6\n7,8\n9,10\n11,12\n13,14\n".getBytes(StandardCharsets.UTF_8)); // 31 bytes, 17 more fit
        assertThrows(IOException.class, out::flush);
        out.close();
        String left = Files.readString(csv);
        assertEquals("a,b\n1,2\n", left, "the rows of the failed write are cut back, none half-written");
    }

    @Test
    void aFailedStartLeavesNoEmptyFile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("frames.csv");
        WholeLinesFile out = failingAfter(csv, 0);
        out.write("device,package\n".getBytes(StandardCharsets.UTF_8));
        assertThrows(IOException.class, out::close);
        assertFalse(Files.exists(csv));
    }

    @Test
    void aPartialLastLineWaitsForItsEnd(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("frames.csv");
        try (WholeLinesFile out = WholeLinesFile.open(csv)) {
            out.write("x,y\n1,".getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertEquals("x,y\n", Files.readString(csv));
            out.write("2\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("x,y\n1,2\n", Files.readString(csv));
    }

    @Test
    void aReportThroughASymlinkReplacesTheTargetAndKeepsTheLink(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("real.xml");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.xml"), target.getFileName());
        AtomicFile.write(link, w -> w.write("new"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(target));
    }

    @Test
    void aReportToAFifoIsWrittenThroughAndTheFifoStays(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("report.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        AtomicReference<String> read = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                read.set(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                read.set("error " + e);
            }
        });
        reader.start();
        AtomicFile.write(fifo, w -> w.write("<testsuite/>"));
        reader.join(10_000);
        assertEquals("<testsuite/>", read.get());
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still a FIFO");
    }

    @Test
    void aReportToDevFullIsAnErrorAndTheDeviceStays() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full");
        assertThrows(IOException.class, () -> AtomicFile.write(full, w -> w.write("x".repeat(10_000))));
        assertFalse(Files.isRegularFile(full));
    }
}

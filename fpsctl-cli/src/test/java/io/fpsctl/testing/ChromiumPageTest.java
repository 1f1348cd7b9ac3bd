package io.fpsctl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ChromiumPage}'s bounds, with stand-ins for the browser: a DevTools endpoint that accepts and never answers
 * cannot hold the wait past its deadline, and the browser's children are ended even when they ignore SIGTERM.
 * (Without the bounds the first test hangs until its timeout, the second leaves the children running.)
 *
 * <p>Here rather than in fpsctl-testing: it waits about 10 s on its stand-ins' deadlines, and every module's build
 * waits for fpsctl-testing's; in fpsctl-cli's e2e set it waits beside the others.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("e2e")
class ChromiumPageTest {

    @Test
    void aDevToolsEndpointThatNeverAnswersEndsAtTheDeadline(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("python3"), "python3 is not installed: skipped");
        // writes DevToolsActivePort as chromium does (port, then the browser target's path), then accepts every
        // connection and never answers it
        Path fake = dir.resolve("fake-chromium");
        Files.writeString(fake, """
                #!/bin/sh
                for a in "$@"; do case "$a" in --user-data-dir=*) profile="${a#--user-data-dir=}";; esac; done
                exec python3 -c '
                import socket, sys, os
                s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
                tmp = os.path.join(sys.argv[1], "port.tmp")
                open(tmp, "w").write("%d\\n/devtools/browser/x\\n" % s.getsockname()[1])
                os.rename(tmp, os.path.join(sys.argv[1], "DevToolsActivePort"))
                held = []
                while True:
                    held.append(s.accept()[0])
                ' "$profile"
                """);
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        Path page = Files.writeString(dir.resolve("p.html"), "<p>x</p>");
        long start = System.nanoTime();
        AssertionError e = assertThrows(AssertionError.class, () -> ChromiumPage.domWhen(Chromium.at(fake), page, "",
                Files.createDirectory(dir.resolve("w")), "true", Duration.ofSeconds(3)));
        assertTrue(e.getMessage().contains("the page's DevTools target"), e.getMessage());
        assertTrue(e.getMessage().contains("HttpTimeoutException"), "the request timed out: " + e.getMessage());
        // the deadline (3 s) plus ending the stand-in (it dies on SIGTERM): far below the class's 60 s
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "bounded by the deadline");
    }

    @Test
    void childrenThatIgnoreSigtermAreForceKilled() throws Exception {
        // a browser (the shell) with two children that ignore SIGTERM, as a hung renderer might
        Process browser = new ProcessBuilder("sh", "-c",
                "(trap '' TERM; exec sleep 300) & (trap '' TERM; exec sleep 300) & wait").start();
        List<ProcessHandle> children = PollUntil.value(() -> browser.descendants().toList(), c -> c.size() == 2
                && c.stream().allMatch(h -> h.info().command().orElse("").endsWith("sleep")),
                Duration.ofSeconds(20), "the stand-in browser's two children");
        ChromiumPage.stop(browser);
        assertTrue(!browser.isAlive(), "the browser ended");
        for (ProcessHandle child : children) {
            PollUntil.condition(() -> !child.isAlive(), Duration.ofSeconds(5), "child " + child.pid() + " ended");
        }
        assertEquals(0, children.stream().filter(ProcessHandle::isAlive).count());
    }

    private static boolean onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, name))) {
                return true;
            }
        }
        return false;
    }
}

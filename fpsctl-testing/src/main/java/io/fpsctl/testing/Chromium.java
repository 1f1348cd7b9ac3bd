package io.fpsctl.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless {@code chromium} for the report tests: finds it on PATH and loads a page with a throw-away
 * profile, no network services, and a virtual time budget (the page's timers run without waiting in real time).
 */
public final class Chromium {
    private static final String[] NAMES = {"chromium", "chromium-browser", "google-chrome"};
    private final Path binary;

    private Chromium(Path binary) {
        this.binary = binary;
    }

    /** A browser at {@code binary} (tests of this package stand a fake one in). */
    static Chromium at(Path binary) {
        return new Chromium(binary);
    }

    /** The browser, when one is installed. */
    public static Optional<Chromium> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : NAMES) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(new Chromium(p));
                }
            }
        }
        return Optional.empty();
    }

    /** The browser's executable ({@link ChromiumPage} starts it with the DevTools protocol on loopback). */
    Path binary() {
        return binary;
    }

    /** The page's DOM after its scripts ran (chromium {@code --dump-dom}). */
    public String dumpDom(Path page, Path work) throws IOException, InterruptedException {
        return dumpDom(page, "", work);
    }

    /** The same for the page's URL with {@code fragment} (e.g. {@code #linear}) appended. */
    public String dumpDom(Path page, String fragment, Path work) throws IOException, InterruptedException {
        Path out = work.resolve("dom.html");
        run(page.toAbsolutePath().toUri() + fragment, work, out, "--dump-dom");
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** A PNG screenshot of the page at {@code width}×{@code height}. */
    public void screenshot(Path page, Path work, Path png, int width, int height) throws IOException, InterruptedException {
        run(page.toAbsolutePath().toUri().toString(), work, work.resolve("screenshot.log"), "--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath());
        if (!Files.isRegularFile(png)) {
            throw new IOException("chromium wrote no screenshot; its output: " + Files.readString(work.resolve("screenshot.log.err")));
        }
    }

    private void run(String url, Path work, Path stdout, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-extensions", "--user-data-dir=" + profile));
        if (java.util.Arrays.stream(extra).noneMatch(a -> a.startsWith("--virtual-time-budget="))) {
            cmd.add("--virtual-time-budget=10000");
        }
        if (extra.length == 0 || !extra[extra.length - 1].startsWith("--screenshot")) {
            cmd.add("--window-size=1280,2000");
        }
        cmd.addAll(List.of(extra));
        cmd.add(url);
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
                .redirectError(work.resolve(stdout.getFileName() + ".err").toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish within 60 s");
        }
        if (p.exitValue() != 0) {
            throw new IOException("chromium exited with " + p.exitValue() + ": "
                    + Files.readString(work.resolve(stdout.getFileName() + ".err")));
        }
    }
}

package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/fpsctl, the launcher: it makes the class-data-sharing archive once per jar and JDK, uses it, makes it
 * again when the jar or the JDK changes, and runs without it, silently, when the archive is unusable or turned off. It runs here on a copy
 * of itself beside a jar of the compiled classes (its dependencies on the manifest's Class-Path), so it never builds
 * with Maven. Whether a class came from the archive is what the JVM's class-load log says.
 */
@Tag("e2e")
class LauncherTest {
    private static final String SHARED = "io.fpsctl.cli.Main source: shared objects file";

    @TempDir
    Path root;

    private record Run(int exit, String out, String err) {
    }

    @Test
    void archiveIsMadeOnceUsedAndRemadeWhenTheJarChanges() throws Exception {
        Path jar = install();
        Path jsa = root.resolve("target/fpsctl.jsa");
        Run first = launch(Map.of(), "--version");
        assertEquals(0, first.exit(), first.toString());
        assertTrue(first.out().startsWith("fpsctl "), first.out());
        assertEquals("", first.err());
        assertTrue(Files.size(jsa) > 0, "no archive made");

        Run second = launch(Map.of("FPSCTL_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info:stdout"), "--version");
        assertTrue(second.out().contains(SHARED), "Main did not come from the archive");

        Path stamp = root.resolve("target/fpsctl.jsa.stamp");
        String madeFor = Files.readString(stamp);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 5000)); // another jar
        Run third = launch(Map.of("FPSCTL_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info:stdout"), "--version");
        assertEquals(0, third.exit());
        assertNotEquals(madeFor, Files.readString(stamp), "archive not remade for the new jar");
        assertTrue(third.out().contains(SHARED), "the remade archive is not used");

        Files.writeString(stamp, "ok 1 2 /opt/another-jdk/bin/java 3\n"); // made for another JDK
        Run fourth = launch(Map.of("FPSCTL_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info:stdout"), "--version");
        assertTrue(Files.readString(stamp).contains(" " + Paths.get(ProcessHandle.current().info().command()
                .orElseThrow()).toRealPath() + " "), Files.readString(stamp));
        assertTrue(fourth.out().contains(SHARED), "the archive made for this JDK is not used");
    }

    @Test
    void aBrokenArchiveIsIgnoredSilently() throws Exception {
        install();
        assertEquals(0, launch(Map.of(), "--version").exit());
        Path jsa = root.resolve("target/fpsctl.jsa");
        Files.write(jsa, "not an archive".getBytes(StandardCharsets.US_ASCII)); // its stamp still says it is fine
        Run run = launch(Map.of(), "--version");
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().startsWith("fpsctl "), run.out());
        assertEquals("", run.err());
    }

    @Test
    void turnedOffItMakesNoArchiveAndExitCodesPassThrough() throws Exception {
        install();
        Run run = launch(Map.of("FPSCTL_CDS", "0"), "analyze", root.resolve("missing.txt").toString());
        assertEquals(ExitCode.IO, run.exit(), run.toString());
        assertTrue(run.err().contains("missing.txt: no such file"), run.err());
        assertFalse(Files.exists(root.resolve("target/fpsctl.jsa")));
    }

    /** root/scripts/fpsctl (a copy of the launcher) and root/target/fpsctl.jar (this build's main classes). */
    private Path install() throws IOException {
        Path scripts = Files.createDirectories(root.resolve("scripts"));
        Path launcher = scripts.resolve("fpsctl");
        Files.copy(Paths.get("scripts/fpsctl"), launcher);
        launcher.toFile().setExecutable(true);
        Path jar = Files.createDirectories(root.resolve("target")).resolve("fpsctl.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "io.fpsctl.cli.Main");
        StringBuilder cp = new StringBuilder();
        List<Path> classFolders = new ArrayList<>(); // this module's and, in a reactor build, the other modules'
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (e.endsWith(".jar")) {
                cp.append(Paths.get(e).toUri()).append(' ');
            } else if (Files.isDirectory(Paths.get(e)) && !e.contains("test-classes")) {
                classFolders.add(Paths.get(e)); // a folder on Class-Path would keep -Xshare:dump from archiving
            }
        }
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, cp.toString().trim());
        java.util.Set<String> written = new java.util.HashSet<>();
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, m)) {
            for (Path classes : classFolders) {
                try (Stream<Path> files = Files.walk(classes)) {
                    for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                        String name = classes.relativize(p).toString().replace('\\', '/');
                        if (written.add(name)) {
                            j.putNextEntry(new JarEntry(name));
                            Files.copy(p, j);
                            j.closeEntry();
                        }
                    }
                }
            }
        }
        return jar;
    }

    private Run launch(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("scripts/fpsctl").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("FPSCTL_CDS");
        pb.environment().remove("FPSCTL_JAVA_OPTS");
        pb.environment().putAll(env);
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "launcher hung");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}

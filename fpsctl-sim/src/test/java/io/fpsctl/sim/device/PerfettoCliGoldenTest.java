package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The texts the simulated {@code perfetto}, {@code kill} and {@code rm} print, each written here by hand from the
 * source that prints it (never produced by the simulator): google/perfetto v58.2 {@code src/perfetto_cmd/perfetto_cmd.cc}
 * with {@code src/base/logging.cc LogMessage} ({@code "%s%s %s\n"}: the stamp {@code "[%03u.%03u] "} — fixed to
 * {@code [000.000]} in the simulator —, {@code "%*s:%s"} of the file's basename right-aligned in
 * {@code 24 - len(line) - 2} columns, then the message); mksh {@code funcs.c c_kill}.
 */
class PerfettoCliGoldenTest {

    private static final String FILE = "/data/misc/perfetto-traces/g.perfetto-trace";
    private static final String CONFIG = "data_sources { config { name: \"android.surfaceflinger.frametimeline\" } }";

    private final ManualTimeSource time = new ManualTimeSource();
    private final SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName("smooth"),
            SimOptions.defaults().withAndroid(13).withSeed(1), time, null);

    private String[] run(String cmd) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = sim.run(cmd, out, err);
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                Integer.toString(exit)};
    }

    @Test
    void backgroundPrintsOnlyThePid() throws IOException {
        // Daemonize's parent: printf("%d\n", pid); return 0 (perfetto_cmd.cc:920); nothing on stderr
        String[] r = run("echo '" + CONFIG + "' | perfetto --background --txt -c - -o " + FILE);
        assertEquals("21000\n", r[0]);
        assertEquals("", r[1]);
        assertEquals("0", r[2]);
    }

    @Test
    void backgroundWaitPrintsThePidAndExitsOnceTracingStarted() throws IOException {
        // --background-wait (perfetto v22.0+): the parent prints the pid, then WaitOnBgProcessPipe reads kWaitOk
        // (all data sources started): exit 0, nothing on stderr
        String[] r = run("echo '" + CONFIG + "' | perfetto --background-wait --txt -c - -o " + FILE);
        assertEquals("21000\n", r[0]);
        assertEquals("", r[1]);
        assertEquals("0", r[2]);
        assertEquals("0", run("kill -0 21000")[2], "the daemon runs");
    }

    @Test
    void backgroundWaitReportsADaemonThatCouldNotTrace() throws IOException {
        // no traced: ConnectToServiceRunAndMaybeNotify writes kWaitOtherError (1) into the pipe; WaitOnBgProcessPipe
        // prints "Background process failed, BgProcessStatus=%d\n" (perfetto_cmd.cc v22.0 … v52) and returns it
        sim.setTracedRunning(false);
        String[] r = run("echo '" + CONFIG + "' | perfetto --background-wait --txt -c - -o " + FILE);
        assertEquals("21000\n", r[0]);
        assertEquals("Background process failed, BgProcessStatus=1\n", r[1]);
        assertEquals("1", r[2]);
    }

    @Test
    void android12sPerfettoDoesNotKnowBackgroundWait() throws IOException {
        // perfetto before v22.0: getopt_long (bionic, upstream-openbsd getopt_long.c) warnx("unknown option -- %s")
        // with the program's name, then PrintUsage's text, which starts "\nUsage: %s\n"; exit 1
        SimulatedAndroid twelve = SimulatedAndroid.create(Scenarios.byName("smooth"),
                SimOptions.defaults().withAndroid(12).withSeed(1), time, null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = twelve.run("echo '" + CONFIG + "' | perfetto --background-wait --txt -c - -o " + FILE, out, err);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals("perfetto: unknown option -- background-wait\n\nUsage: perfetto\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals(1, exit);
    }

    @Test
    void aTextConfigWithoutTxtIsRefusedWithThreeLines() throws IOException {
        // perfetto_cmd.cc:704 ELOG "The trace config is invalid, bailing out.", then (the config being printable)
        // :706 "Looks like you are passing a textual config but I'm expecting a proto-encoded binary config." and
        // :709 "Try adding --txt to the cmdline.", exit 1. "perfetto_cmd.cc" in 19 columns before ":704".
        String[] r = run("echo '" + CONFIG + "' | perfetto --background -c - -o " + FILE);
        assertEquals("", r[0]);
        assertEquals("[000.000]     perfetto_cmd.cc:704 The trace config is invalid, bailing out.\n"
                + "[000.000]     perfetto_cmd.cc:706 Looks like you are passing a textual config but I'm expecting a "
                + "proto-encoded binary config.\n"
                + "[000.000]     perfetto_cmd.cc:709 Try adding --txt to the cmdline.\n", r[1]);
        assertEquals("1", r[2]);
    }

    @Test
    void anEmptyConfigAndAMissingOutAreRefused() throws IOException {
        String[] empty = run("perfetto --background --txt -c - -o " + FILE); // nothing on stdin
        assertEquals("[000.000]     perfetto_cmd.cc:680 The TraceConfig is empty\n", empty[1]);
        assertEquals("1", empty[2]);
        String[] noOut = run("echo '" + CONFIG + "' | perfetto --background --txt -c -");
        assertEquals("[000.000]     perfetto_cmd.cc:870 Either --out or --upload is required\n", noOut[1]);
        assertEquals("1", noOut[2]);
    }

    @Test
    void killOfAPidThatDoesNotRunIsTheShellsError() throws IOException {
        // mksh c_kill: bi_errorf(Tf_sD_s, p, cstrerror(errno)) with kshname and the builtin's name before it
        String[] r = run("kill -TERM 31999");
        assertEquals("", r[0]);
        assertEquals("/system/bin/sh: kill: 31999: No such process\n", r[1]);
        assertEquals("1", r[2]);
    }

    @Test
    void rmOfAMissingFile() throws IOException {
        String[] r = run("rm " + FILE);
        assertEquals("rm: " + FILE + ": No such file or directory\n", r[1]);
        assertEquals("1", r[2]);
        assertEquals("0", run("rm -f " + FILE)[2]);
    }
}

package io.fpsctl.sim.device;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code cat FILE…}: the trace files under {@code /data/misc/perfetto-traces} as the bytes they hold (what
 * {@code adb exec-out cat} copies to the host, Perfetto's {@code docs/learning-more/android.md} fallback for
 * {@code adb pull}), every other file as {@link ProcFiles} answers it; the files in the order given, as toybox
 * {@code cat} concatenates them.
 */
final class FileCat implements StreamCommand {

    private final ProcFiles procFiles;
    private final PerfettoTraceFiles traces;

    FileCat(ProcFiles procFiles, PerfettoTraceFiles traces) {
        this.procFiles = procFiles;
        this.traces = traces;
    }

    @Override
    public Reply run(List<String> args, byte[] stdin) {
        if (args.stream().noneMatch(PerfettoTraceFiles::inDirectory)) {
            return Reply.of(procFiles.run(args));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringBuilder err = new StringBuilder();
        int exit = 0;
        for (String arg : args) {
            if (PerfettoTraceFiles.inDirectory(arg)) {
                byte[] b = traces.read(arg);
                if (b == null) {
                    err.append("cat: ").append(arg).append(": No such file or directory\n");
                    exit = 1;
                } else {
                    out.writeBytes(b);
                }
            } else {
                ShellReply r = procFiles.run(List.of(arg));
                out.writeBytes(r.out().getBytes(StandardCharsets.UTF_8));
                err.append(r.err());
                exit = Math.max(exit, r.exit());
            }
        }
        return new Reply(out.toByteArray(), err.toString(), exit);
    }
}

package io.fpsctl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Test helper: runs fpsctl in-process and captures its output and exit code. */
final class Cli {
    final int exit;
    final String out;
    final String err;

    private Cli(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static Cli run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = Main.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Cli(code, o.toString(), e.toString());
    }

    @Override
    public String toString() {
        return "exit " + exit + "\nout:\n" + out + "\nerr:\n" + err;
    }
}

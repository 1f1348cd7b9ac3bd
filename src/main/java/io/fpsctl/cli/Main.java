package io.fpsctl.cli;

/** Entry point placeholder; the picocli command tree is wired in {@code FpsctlCommand}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("fpsctl");
    }
}

package io.fpsctl.engine;

/** The pipeline stages of a rendered frame (docs/metrics.md section 3; same spans as android.view.FrameMetrics). */
public enum Stage {
    DELAY("delay"),
    INPUT("input"),
    ANIMATION("animation"),
    LAYOUT("layout"),
    DRAW("draw"),
    SYNC("sync"),
    COMMAND("command"),
    SWAP("swap"),
    GPU("gpu");

    private static final Stage[] ALL = values();

    private final String key;

    Stage(String key) {
        this.key = key;
    }

    /** The stable name used in JSON keys and CSV headers. */
    public String key() {
        return key;
    }

    public static Stage[] all() {
        return ALL;
    }

    public static int count() {
        return ALL.length;
    }
}

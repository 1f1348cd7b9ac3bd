package io.fpsctl.android;

/**
 * The line SurfaceFlinger writes at the top of a {@code dumpsys SurfaceFlinger} answer when it could not take its
 * state lock ({@code mStateLock}) within one second and dumps anyway. It is the first line of the text dumpsys
 * copies to stdout, before the period of {@code --latency}, the names of {@code --list} and the display frames of
 * {@code --frametimeline}; it is printed at most once per dump. Two texts exist:
 *
 * <ul>
 * <li>Android 6 to 10: {@code "SurfaceFlinger appears to be unresponsive (%s [%d]), dumping anyways (no locks
 * held)\n"} with {@code strerror(-err), err}, before every dump flag (frameworks/native
 * services/surfaceflinger/SurfaceFlinger.cpp {@code SurfaceFlinger::dump} / {@code doDump}, android-6.0.0_r1,
 * 7.0.0_r1, 8.1.0_r4, 9.0.0_r16, 10.0.0_r1).</li>
 * <li>Android 11 to 14: {@code "Dumping without lock after timeout: %s (%d)\n"} with {@code strerror(-lock.status),
 * lock.status}, from the {@code TimedLock lock(mStateLock, s2ns(1), …)} in {@code SurfaceFlinger::doDump} that wraps
 * every dump flag ({@code --latency}, {@code --list}, 12+: {@code --frametimeline}), android-11.0.0_r1, 12.0.0_r1,
 * 13.0.0_r1, 14.0.0_r1; at android-14.0.0_r29 the same text is printed by {@code SurfaceFlinger.h lockedDumper}, which
 * {@code dumper}/{@code argsDumper} wrap those three flags in.</li>
 * <li>Android 15 and 16: the same {@code lockedDumper}, but {@code --latency} and {@code --list} are registered with
 * {@code argsMainThreadDumper}/{@code mainThreadDumper} (run on the main thread, no lock, no line); only
 * {@code --frametimeline} ({@code argsDumper}) can still print it (android-15.0.0_r1, 16.0.0_r2).</li>
 * </ul>
 *
 * The status is {@code TIMED_OUT} ({@code -ETIMEDOUT}, -110 on Linux), so a device prints
 * {@code Dumping without lock after timeout: Connection timed out (-110)} (the bionic strerror text is inferred, not
 * read at a tag); only the fixed prefixes are matched here.
 */
public final class SurfaceFlingerLockWarning {

    /** Android 10 and before (see the class comment). */
    public static final String UNRESPONSIVE = "SurfaceFlinger appears to be unresponsive";
    /** Android 11 and later (see the class comment). */
    public static final String WITHOUT_LOCK = "Dumping without lock after timeout: ";

    private SurfaceFlingerLockWarning() {
    }

    /**
     * Whether {@code line} (surrounding white space and CR ignored) is one of the two warnings. Callers ask this only
     * of a dump's first non-blank line, where SurfaceFlinger prints it.
     */
    public static boolean is(String line) {
        if (line == null) {
            return false;
        }
        String text = line.strip();
        return text.startsWith(UNRESPONSIVE) || text.startsWith(WITHOUT_LOCK);
    }
}

package io.fpsctl.android;

/**
 * The line SurfaceFlinger writes at the top of a {@code dumpsys SurfaceFlinger} answer when it could not take its
 * state lock ({@code mStateLock}) within one second and dumps anyway. It is the first line of the text dumpsys
 * copies to stdout, before the period of {@code --latency}, the names of {@code --list} and the display frames of
 * {@code --frametimeline}; it is printed at most once per dump. Two texts exist:
 *
 * <ul>
 * <li>Android 10 and before: {@code "SurfaceFlinger appears to be unresponsive (%s [%d]), dumping anyways (no locks
 * held)\n"} with {@code strerror(-err), err} (frameworks/native services/surfaceflinger/SurfaceFlinger.cpp
 * {@code SurfaceFlinger::doDump}, android-10.0.0_r23), for every dump flag.</li>
 * <li>Android 11 to 14: {@code "Dumping without lock after timeout: %s (%d)\n"} with {@code strerror(-lock.status),
 * lock.status} (same file and function around the {@code TimedLock lock(mStateLock, s2ns(1), …)} that wraps every
 * dump flag, android-11.0.0_r27, android-12.1.0_r7, android-13.0.0_r11, android-14.0.0_r17; at android-14.0.0_r55 the
 * same text moved into {@code SurfaceFlinger.h lockedDumper}, which {@code dumper}/{@code argsDumper} wrap
 * {@code --latency}, {@code --list} and {@code --frametimeline} in). In the Android 15 sources read (LineageOS
 * lineage-22.0, AOSP 24Q3, not at a tag) only {@code --frametimeline} still goes through {@code lockedDumper};
 * {@code --latency} and {@code --list} run on the main thread without the lock and never print it.</li>
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

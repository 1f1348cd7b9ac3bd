package io.fpsctl.sim.device;

import java.util.SplittableRandom;

/**
 * The device's ids, all drawn from one seeded random source so a seed reproduces a device exactly: pids,
 * SurfaceFlinger layer sequence numbers, the activity task id, {@code identityHashCode}-like hex ids and
 * random path tokens.
 */
final class DeviceIds {

    private static final String TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private final SplittableRandom random;
    private final int taskId;
    private int nextLayerId;
    private int nextPid;

    DeviceIds(SplittableRandom random) {
        this.random = random;
        this.nextLayerId = 40 + random.nextInt(200);
        this.nextPid = 2000 + random.nextInt(20000);
        this.taskId = 10 + random.nextInt(900);
    }

    /** The activity task id (fixed for the device's life). */
    int taskId() {
        return taskId;
    }

    /** The next SurfaceFlinger layer sequence id. */
    int nextLayerId() {
        return nextLayerId++;
    }

    /** The next process id (pids grow with gaps, as other processes start in between). */
    int nextPid() {
        int pid = nextPid;
        nextPid += 1 + random.nextInt(60);
        return pid;
    }

    /** A 7-digit hex id like {@code Integer.toHexString(System.identityHashCode(o))}. */
    String hex() {
        return Integer.toHexString(random.nextInt(0x1000000, 0x10000000));
    }

    /**
     * A 7-digit hex id derived from a name, for objects the simulator shows but never drew an id for (drawing
     * one would shift every later id of a seed).
     */
    static String stableHex(String name) {
        int h = name.hashCode() * 0x9E3779B1;
        return Integer.toHexString(((h ^ (h >>> 13)) & 0x0ffffff) | 0x2000000);
    }

    /** {@code n} random base64url characters. */
    String token(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(TOKEN_ALPHABET.charAt(random.nextInt(TOKEN_ALPHABET.length())));
        }
        return sb.toString();
    }
}

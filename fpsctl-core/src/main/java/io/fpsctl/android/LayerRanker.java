package io.fpsctl.android;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Orders the layers of a {@code --list} output into the candidates worth measuring with {@code --latency}
 * for one package (docs/formats.md 3). The caller tries them in order and takes the first that has data
 * ({@link LatencyDump#hasData()}).
 *
 * <p>All ranking rules live in {@link Rank} and {@link #rankOf}. Only layers that mention the package as a
 * whole name are considered ({@code com.app} does not match {@code com.app.debug}); within one rank the
 * order of the list is kept.
 */
public final class LayerRanker {

    /** The ranks, best first. Layers known to hold no buffers are {@link #NO_BUFFERS} and are dropped. */
    enum Rank {
        /**
         * A SurfaceView's buffer layer (games, video, maps): {@code SurfaceView[<title>](BLAST)#N} or
         * {@code SurfaceView[<title>]@k(BLAST)#N} (Android 12+), {@code SurfaceView - <title>#N} (≤11).
         */
        SURFACE_VIEW_BUFFER,
        /**
         * A {@code SurfaceView[<title>]#N} with no {@code (BLAST)} child in the list: on the non-BLAST
         * fallback it is the buffer layer itself.
         */
        SURFACE_VIEW_WITHOUT_BLAST_CHILD,
        /**
         * Android 6/7 name a SurfaceView's layer just {@code SurfaceView} (+ {@code #N}), without the window title:
         * it cannot be tied to a package by name, so it ranks after the titled ones (the foreground app's
         * SurfaceView is the one that draws).
         */
        SURFACE_VIEW_UNTITLED,
        /**
         * The app window's buffer layer {@code <pkg>/<activity>#N} (one token, no hash prefix). An Android 11
         * BLAST child {@code <pkg>/<activity>(BLAST)#N} is listed before its container.
         */
        APP_WINDOW_BLAST,
        APP_WINDOW,
        /** Anything else that mentions the package. */
        OTHER,
        /**
         * Containers and colour layers that never carry buffers: {@code Background for …}, {@code Bounds for
         * …}, {@code ActivityRecord{…}}, {@code AppWindowToken{…}}, {@code WindowToken{…}}, the WindowState
         * container {@code <hexhash> <title>#N}, and a {@code SurfaceView[<title>]#N} whose {@code (BLAST)}
         * child exists.
         */
        NO_BUFFERS
    }

    private static final String SURFACE_VIEW_BRACKET = "SurfaceView[";
    private static final String SURFACE_VIEW_DASH = "SurfaceView - ";
    private static final String BLAST = "(BLAST)";
    private static final List<String> NO_BUFFER_PREFIXES = List.of(
            "Background for ", "Bounds for ", "ActivityRecord{", "AppWindowToken{", "WindowToken{");
    /** {@code WindowState.getName()}: {@code Integer.toHexString(identityHashCode) + " " + title}. */
    private static final Pattern WINDOW_STATE_CONTAINER = Pattern.compile("[0-9a-f]{1,8} \\S.*");
    /** Android 6/7: a SurfaceView layer without the window's title. */
    private static final Pattern UNTITLED_SURFACE_VIEW = Pattern.compile("SurfaceView(#[0-9]+)?");
    /** The uniquifier SurfaceFlinger appends: {@code #0}, {@code #1234}. */
    private static final Pattern SEQUENCE_SUFFIX = Pattern.compile("#[0-9]+$");

    private LayerRanker() {
    }

    /**
     * The layer names worth measuring for {@code pkg}, best candidate first; empty when no layer matches.
     * Names may still carry the Android 15 {@code RequestedLayerState{…}} wrapper; the result never does.
     */
    public static List<String> rank(List<String> names, String pkg) {
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(pkg, "pkg");
        if (pkg.isBlank()) {
            return List.of();
        }
        List<String> plain = new ArrayList<>(names.size());
        for (String name : names) {
            if (name != null) {
                plain.add(LayerList.layerName(name));
            }
        }
        Set<String> blastParents = blastParents(plain);
        List<Candidate> candidates = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String name : plain) {
            boolean untitled = UNTITLED_SURFACE_VIEW.matcher(name).matches();
            if ((!untitled && !mentionsPackage(name, pkg)) || !seen.add(name)) {
                continue;
            }
            Rank rank = untitled ? Rank.SURFACE_VIEW_UNTITLED : rankOf(name, pkg, blastParents);
            if (rank != Rank.NO_BUFFERS) {
                candidates.add(new Candidate(name, rank, candidates.size()));
            }
        }
        candidates.sort(Comparator.comparing(Candidate::rank).thenComparingInt(Candidate::position));
        List<String> ranked = new ArrayList<>(candidates.size());
        for (Candidate candidate : candidates) {
            ranked.add(candidate.name());
        }
        return Collections.unmodifiableList(ranked);
    }

    /** Whether a name {@link #rank} returned is a SurfaceView's buffer layer (games, video), on any version. */
    public static boolean isSurfaceView(String rankedName) {
        return rankedName.startsWith(SURFACE_VIEW_BRACKET) || rankedName.startsWith(SURFACE_VIEW_DASH)
                || UNTITLED_SURFACE_VIEW.matcher(rankedName).matches();
    }

    /** The ranking rules, in one place. {@code name} is known to mention the package. */
    static Rank rankOf(String name, String pkg, Set<String> blastParents) {
        for (String prefix : NO_BUFFER_PREFIXES) {
            if (name.startsWith(prefix)) {
                return Rank.NO_BUFFERS;
            }
        }
        if (name.startsWith(SURFACE_VIEW_DASH)) {
            return Rank.SURFACE_VIEW_BUFFER;
        }
        if (name.startsWith(SURFACE_VIEW_BRACKET)) {
            if (name.contains(BLAST)) {
                return Rank.SURFACE_VIEW_BUFFER;
            }
            return blastParents.contains(withoutSequence(name))
                    ? Rank.NO_BUFFERS : Rank.SURFACE_VIEW_WITHOUT_BLAST_CHILD;
        }
        if (WINDOW_STATE_CONTAINER.matcher(name).matches()) {
            return Rank.NO_BUFFERS;
        }
        if (isAppWindow(name, pkg)) {
            return name.contains(BLAST) ? Rank.APP_WINDOW_BLAST : Rank.APP_WINDOW;
        }
        return Rank.OTHER;
    }

    /** {@code <pkg>/<activity>#N}: starts with the package and a slash, one token, ends in the uniquifier. */
    private static boolean isAppWindow(String name, String pkg) {
        if (!name.startsWith(pkg + "/") || !SEQUENCE_SUFFIX.matcher(name).find()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isWhitespace(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** For every {@code …(BLAST)#N} layer, the name its container has without {@code #N}. */
    private static Set<String> blastParents(List<String> names) {
        Set<String> parents = new HashSet<>();
        for (String name : names) {
            int blast = name.lastIndexOf(BLAST);
            if (blast > 0) {
                parents.add(name.substring(0, blast));
            }
        }
        return parents;
    }

    private static String withoutSequence(String name) {
        Matcher suffix = SEQUENCE_SUFFIX.matcher(name);
        return suffix.find() ? name.substring(0, suffix.start()) : name;
    }

    /** Whether {@code pkg} occurs in {@code name} as a whole package name (not part of a longer one). */
    static boolean mentionsPackage(String name, String pkg) {
        int from = 0;
        while (true) {
            int at = name.indexOf(pkg, from);
            if (at < 0) {
                return false;
            }
            int after = at + pkg.length();
            if ((at == 0 || !isPackageChar(name.charAt(at - 1)))
                    && (after == name.length() || !isPackageChar(name.charAt(after)))) {
                return true;
            }
            from = at + 1;
        }
    }

    private static boolean isPackageChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }

    private record Candidate(String name, Rank rank, int position) {
    }
}

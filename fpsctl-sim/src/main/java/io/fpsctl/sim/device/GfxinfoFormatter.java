package io.fpsctl.sim.device;

import java.util.Locale;

/**
 * Text of {@code dumpsys gfxinfo <pkg> [framestats]} for one process (docs/formats.md 5.1, A.2, B.1, G.1), with the
 * per-version global section, memory filler, per-window blocks and {@code View hierarchy} tail.
 *
 * <p>Sources, per line (SDK N = the SDK source jar of API level N, release sources but not a git tag; "hwui copy" =
 * frameworks/base {@code libs/hwui} read in a copy, not at a tag; see docs/formats.md):
 * <ul>
 *   <li>{@code Applications Graphics Acceleration Info:}, {@code Uptime: … Realtime: …} and
 *       {@code ** Graphics info for pid <pid> [<process>] **}: {@code ActivityManagerService.dumpGraphicsHardwareUsage},
 *       SDK 23, 24, 28, 31, 34.</li>
 *   <li>The memory section: hwui's cache dump ({@code RenderThread}/{@code CacheManager} dumpMemoryUsage), filler in
 *       the shape of the real captures in {@code shared/fixtures/real}; <b>inferred</b>, not read at a tag
 *       (fpsctl skips it).</li>
 *   <li>{@code Profile data in ms:} and {@code \n\t<title>/android.view.ViewRootImpl@<hex> (visibility=<n>)}:
 *       {@code WindowManagerGlobal.dumpGfxInfo} ({@code pw.printf("\n\t%s (visibility=%d)", …)}), which then calls
 *       the window's renderer's {@code dumpGfxInfo} ({@code mAttachInfo.mHardwareRenderer} in SDK 23,
 *       {@code mAttachInfo.mThreadedRenderer} ({@code ThreadedRenderer}) in SDK 28, 31, 34) - the hwui text follows
 *       with no newline before it. SDK 23, 24, 28, 31, 34, 35.</li>
 *   <li>{@code Window: <title>}: hwui {@code JankTracker::dumpData} {@code "\nWindow: %s"} for
 *       {@code JankTrackerType::Window} (hwui copy {@code aosp-mirror/platform_frameworks_base@02857a72}); 8+ is
 *       <b>inferred</b>: the 7.1-era copy {@code BenzoRoms/frameworks_base@93e135cb} has no description, 8.0 not
 *       read.</li>
 *   <li>The summary: {@link ProfileData#appendTo}; the PROFILEDATA block: {@link FramestatsFormatter}.</li>
 *   <li>{@code View hierarchy:} tail: {@code WindowManagerGlobal.dumpGfxInfo}: {@code "\nView hierarchy:\n"}, per
 *       window {@code "  %s\n  %d views, %.2f kB of display lists"} then {@code "\n\n"}, then
 *       {@code "\nTotal ViewRootImpl: %d\n"}, {@code "Total Views:        %d\n"}, {@code "Total DisplayList:  %.2f kB\n\n"}
 *       (SDK 23, 28); {@code "… kB of render nodes"}, {@code "\nTotal %-15s: %d\n"} ({@code ViewRootImpl},
 *       {@code attached Views}) and {@code "Total %-15s: %.2f kB (used) / %.2f kB (capacity)\n\n"} ({@code RenderNode})
 *       in SDK 30, 31, 34 ({@link AndroidVersion#hasRenderNodeViewHierarchy}: 10+, SDK 29 <b>inferred</b> from
 *       SDK 30).</li>
 * </ul>
 */
final class GfxinfoFormatter {

    private final AndroidVersion version;
    private final FramestatsFormatter framestats;

    GfxinfoFormatter(AndroidVersion version) {
        this.version = version;
        this.framestats = new FramestatsFormatter(version);
    }

    /** The two header lines printed by ActivityManagerService. */
    void appendHeader(StringBuilder sb, long now) {
        long uptimeMs = now / 1_000_000L;
        sb.append("Applications Graphics Acceleration Info:\n");
        sb.append("Uptime: ").append(uptimeMs).append(" Realtime: ").append(uptimeMs + 12_345L).append('\n');
    }

    /** One process section, {@code \n** Graphics info for pid … **} to the end of the view hierarchy. */
    void appendProcess(StringBuilder sb, AppProcess p, String processName, long now, boolean withFramestats) {
        sb.append("\n** Graphics info for pid ").append(p.pid()).append(" [").append(processName).append("] **\n");
        p.global().appendTo(sb, version);
        appendMemory(sb);
        sb.append("Profile data in ms:\n");
        for (AppWindow w : p.windows()) {
            sb.append("\n\t").append(w.rootName()).append(" (visibility=").append(w.visibility()).append(')');
            if (withFramestats || version.printsWindowSummaryWithoutFramestats()) {
                if (version.hasWindowLine()) {
                    sb.append("\nWindow: ").append(w.title());
                }
                w.stats().appendTo(sb, version);
                sb.append('\n');
            }
            if (withFramestats) {
                framestats.appendBlock(sb, w.rowsAt(now));
            }
        }
        appendViewHierarchy(sb, p);
    }

    private void appendMemory(StringBuilder sb) {
        int v = version.major();
        if (v == 6) {
            sb.append("\n\nCaches:\n")
                    .append("Current memory usage / total memory usage (bytes):\n")
                    .append("  TextureCache           878276 / 75497472\n")
                    .append("  LayerCache                  0 / 50331648 (numLayers = 0)\n")
                    .append("  Layers total          0 (numLayers = 0)\n")
                    .append("  RenderBufferCache           0 /  8388608\n")
                    .append("  GradientCache               0 /  1048576\n")
                    .append("  PathCache                   0 / 33554432\n")
                    .append("  TessellationCache           0 /  1048576\n")
                    .append("  TextDropShadowCache         0 /  6291456\n")
                    .append("  PatchCache                  0 /   131072\n")
                    .append("  FontRenderer 0 A8     1048576 /  1048576\n")
                    .append("  FontRenderer 0 RGBA         0 /        0\n")
                    .append("  FontRenderer 0 total  1048576 /  1048576\n")
                    .append("Other:\n")
                    .append("  FboCache                    0 /        0\n")
                    .append("Total memory usage:\n")
                    .append("  1926852 bytes, 1.84 MB\n\n");
        } else if (v <= 8) {
            sb.append("\nCaches:\n")
                    .append("Current memory usage / total memory usage (bytes):\n")
                    .append("  TextureCache           158760 / 49766400\n")
                    .append("  Layers total          0 (numLayers = 0)\n")
                    .append("  RenderBufferCache           0 /  4147200\n")
                    .append("  GradientCache               0 /  1048576\n")
                    .append("  PathCache                   0 /  8294400\n")
                    .append("  TessellationCache         744 /  1048576\n")
                    .append("  TextDropShadowCache         0 /  4147200\n")
                    .append("  PatchCache                  0 /   131072\n")
                    .append("  FontRenderer A8         44451 /  1183744\n")
                    .append("    A8   texture 0        44451 /  1183744\n")
                    .append("  FontRenderer RGBA           0 /        0\n")
                    .append("  FontRenderer total      44451 /  1183744\n")
                    .append("Other:\n")
                    .append("  FboCache                    0 /        0\n")
                    .append("Total memory usage:\n")
                    .append("  1343248 bytes, 1.28 MB\n\n\n")
                    .append("Pipeline=FrameBuilder\n");
        } else if (v <= 11) {
            sb.append("\nFont Cache (CPU):\n")
                    .append("  Size: 17.95 kB\n")
                    .append("  Glyph Count: 10\n")
                    .append("CPU Caches:\n")
                    .append("GPU Caches:\n")
                    .append("  Other:\n")
                    .append("    Buffer Object: 63.00 KB (2 entries)\n")
                    .append("  Image:\n")
                    .append("    Texture: 77.68 KB (6 entries)\n")
                    .append("  Scratch:\n")
                    .append("    Buffer Object: 64.00 KB (2 entries)\n")
                    .append("    RenderTarget: 272.00 KB (1 entry)\n")
                    .append("    Texture: 1.00 MB (1 entry)\n")
                    .append("Other Caches:\n")
                    .append("                         Current / Maximum\n")
                    .append("  VectorDrawableAtlas    0.00 kB /   0.00 KB (entries = 0)\n")
                    .append("  Layers Total           0.00 KB (numLayers = 0)\n")
                    .append("Total GPU memory usage:\n")
                    .append("  1536700 bytes, 1.47 MB (476.68 KB is purgeable)\n\n\n")
                    .append("Pipeline=Skia (OpenGL)\n\n")
                    .append("Layout Cache Info:\n")
                    .append("  Usage: 14/5000 entries\n")
                    .append("  Hit ratio: 147/162 (0.907407)\n");
        } else {
            sb.append("Pipeline=Skia (OpenGL)\n")
                    .append("CPU Caches:\n")
                    .append("  Glyph Cache: 0.00 bytes (1 entry)\n")
                    .append("  Glyph Count: 0\n")
                    .append("Total CPU memory usage:\n")
                    .append("  0 bytes, 0.00 bytes (0.00 bytes is purgeable)\n")
                    .append("GPU Caches:\n")
                    .append("  Other:\n")
                    .append("    Other: 0.00 bytes (1 entry)\n")
                    .append("  Image:\n")
                    .append("    Texture: 7.63 MB (1 entry)\n")
                    .append("  Scratch:\n")
                    .append("    Buffer Object: 48.00 KB (1 entry)\n")
                    .append("Total GPU memory usage:\n")
                    .append("  8049152 bytes, 7.68 MB (0.00 bytes is purgeable)\n\n");
        }
    }

    private void appendViewHierarchy(StringBuilder sb, AppProcess p) {
        sb.append("\nView hierarchy:\n\n");
        int views = 0;
        double kb = 0;
        String unit = version.hasRenderNodeViewHierarchy() ? "render nodes" : "display lists";
        for (AppWindow w : p.windows()) {
            double windowKb = w.views() * 1.07;
            views += w.views();
            kb += windowKb;
            sb.append("  ").append(w.rootName()).append('\n');
            sb.append("  ").append(w.views()).append(" views, ").append(kb(windowKb)).append(" kB of ")
                    .append(unit).append("\n\n");
        }
        if (version.hasRenderNodeViewHierarchy()) {
            sb.append("\nTotal ViewRootImpl   : ").append(p.windows().size()).append('\n');
            sb.append("Total attached Views : ").append(views).append('\n');
            sb.append("Total RenderNode     : ").append(kb(kb)).append(" kB (used) / ").append(kb(kb * 1.5 + 32))
                    .append(" kB (capacity)\n\n");
        } else {
            sb.append("\nTotal ViewRootImpl: ").append(p.windows().size()).append('\n');
            sb.append("Total Views:        ").append(views).append('\n');
            sb.append("Total DisplayList:  ").append(kb(kb)).append(" kB\n\n");
        }
    }

    private static String kb(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}

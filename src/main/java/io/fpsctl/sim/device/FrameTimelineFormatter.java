package io.fpsctl.sim.device;

import java.util.List;
import java.util.Locale;

/**
 * Prints {@code dumpsys SurfaceFlinger --frametimeline -jank|-all} byte for byte as SurfaceFlinger's
 * {@code FrameTimeline::dumpJank} / {@code dumpAll} (FORMATS.md C.4): times in ms relative to the base time of the
 * ring's oldest display frame, {@code [*] } marks on janky frames, the SurfaceFlinger type strings of the version,
 * {@code Scheduled rendering rate} on 12–15 and {@code Dropped Frame} as the jank of dropped SurfaceFrames on 15+.
 */
final class FrameTimelineFormatter {

    private static final String RULE = "----------------------".repeat(4);

    private final AndroidVersion version;

    FrameTimelineFormatter(AndroidVersion version) {
        this.version = version;
    }

    /**
     * What {@code FrameTimeline::parseArgs} prints for {@code args}: {@code -jank} first, then {@code -all}. The
     * newest {@code notFinal} display frames of the ring have no processed present yet: nothing of them is
     * classified ({@code None}, {@code Unknown Present}/{@code Finish}) and their actual presents print {@code N/A}.
     */
    String dump(List<String> args, List<TimelineDisplayFrame> ring, int notFinal) {
        StringBuilder sb = new StringBuilder(ring.size() * 1200);
        long base = ring.isEmpty() ? 0 : ring.get(0).baseTime();
        if (args.contains("-jank")) {
            for (int i = 0; i < ring.size(); i++) {
                TimelineDisplayFrame d = ring.get(i);
                boolean done = i < ring.size() - notFinal;
                // dumpJank compares each SurfaceFrame's getJankType() with None; before the present is processed
                // that is an empty optional, which compares unequal: every pending one with a SurfaceFrame is shown
                if (done ? isJanky(d) : !d.surfaceFrames().isEmpty()) {
                    sb.append("Display Frame ").append(i);
                    displayFrame(sb, d, base, done);
                }
            }
        }
        if (args.contains("-all")) {
            sb.append("Number of display frames : ").append(ring.size()).append('\n');
            for (int i = 0; i < ring.size(); i++) {
                sb.append("Display Frame ").append(i);
                displayFrame(sb, ring.get(i), base, i < ring.size() - notFinal);
            }
        }
        return sb.toString();
    }

    /** The jank a SurfaceFrame's {@code Jank Type} line shows: dropped frames print {@code Dropped Frame} from 15. */
    int printedJank(TimelineSurfaceFrame s) {
        if (s.dropped()) {
            return version.major() >= 15 ? JankBits.DROPPED : JankBits.NONE;
        }
        return s.jank();
    }

    private boolean isJanky(TimelineDisplayFrame d) {
        if (d.jank() != JankBits.NONE) {
            return true;
        }
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            if (printedJank(s) != JankBits.NONE) {
                return true;
            }
        }
        return false;
    }

    /** @param done its present was processed ({@code DisplayFrame::onPresent}): classified, actual present set */
    private void displayFrame(StringBuilder sb, TimelineDisplayFrame d, long base, boolean done) {
        int dfJank = done ? d.jank() : JankBits.NONE;
        if (dfJank != JankBits.NONE) {
            sb.append(" [*] ");
        }
        sb.append('\n');
        sb.append("Prediction State : Valid\n");
        sb.append("Jank Type : ").append(JankBits.toString(dfJank, version)).append('\n');
        sb.append("Present Metadata : ").append(!done ? "Unknown Present" : d.latePresent() ? "Late Present"
                : "On Time Present").append('\n');
        sb.append("Finish Metadata: ").append(!done ? "Unknown Finish" : d.lateFinish() ? "Late Finish"
                : "On Time Finish").append('\n');
        sb.append("Start Metadata: On Time Start\n");
        sb.append("Vsync Period: ").append(f10(d.periodNs())).append('\n');
        long actualPresent = done ? d.actualPresent() : 0;
        long delta = Math.abs(actualPresent - d.expectedPresent());
        sb.append("Present delta: ").append(f10(delta)).append('\n');
        sb.append("Present delta % refreshrate: ").append(f10(delta % d.periodNs())).append('\n');
        table(sb, "", base, d.expectedStart(), d.expectedEnd(), d.expectedPresent(), d.actualStart(), d.actualEnd(),
                actualPresent);
        sb.append('\n');
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            surfaceFrame(sb, s, base, done);
        }
        sb.append('\n');
    }

    private void surfaceFrame(StringBuilder sb, TimelineSurfaceFrame s, long base, boolean done) {
        String in = "    ";
        int jank = done ? printedJank(s) : JankBits.NONE;
        sb.append(in).append("Layer - ").append(s.layerName());
        if (jank != JankBits.NONE) {
            sb.append(" [*] ");
        }
        sb.append('\n');
        sb.append(in).append("Token: ").append(s.token()).append('\n');
        sb.append(in).append("Is Buffer?: 1\n");
        sb.append(in).append("Owner Pid : ").append(s.ownerPid()).append('\n');
        if (version.major() <= 15) {
            sb.append(in).append("Scheduled rendering rate: ").append(s.renderRate()).append(" fps\n");
        }
        sb.append(in).append("Layer ID : ").append(s.layerId()).append('\n');
        sb.append(in).append("Present State : ").append(s.dropped() ? "Dropped" : "Presented").append('\n');
        if (s.dropped()) {
            sb.append(in).append("Drop time : ").append(f10(s.dropTime() - base)).append('\n');
        }
        sb.append(in).append("Prediction State : Valid\n");
        sb.append(in).append("Jank Type : ").append(JankBits.toString(jank, version)).append('\n');
        String present = !done || s.dropped() ? "Unknown Present" : s.latePresent() ? "Late Present"
                : "On Time Present";
        String finish = !done || s.dropped() ? "Unknown Finish" : s.lateFinish() ? "Late Finish" : "On Time Finish";
        long actualPresent = done ? s.actualPresent() : 0;
        sb.append(in).append("Present Metadata : ").append(present).append('\n');
        sb.append(in).append("Finish Metadata: ").append(finish).append('\n');
        sb.append(in).append("Last latch time: ").append(f10(Math.max(0, s.lastLatch() - base))).append('\n');
        sb.append(in).append("Present delta: ").append(f10(Math.abs(actualPresent - s.expectedPresent())))
                .append('\n');
        table(sb, in, base, s.expectedStart(), s.expectedEnd(), s.expectedPresent(), s.actualStart(), s.actualEnd(),
                actualPresent);
    }

    /** {@code dumpTable}: predictions (always valid here) and actuals, N/A where an actual is unset. */
    private static void table(StringBuilder sb, String in, long base, long es, long ee, long ep, long as, long ae,
                              long ap) {
        sb.append(in).append("\t\t    Start time\t\t|    End time\t\t|    Present time\n");
        sb.append(in).append("Expected\t|\t").append(f2(es - base)).append("\t|\t").append(f2(ee - base))
                .append("\t|\t").append(f2(ep - base)).append('\n');
        sb.append(in).append("Actual  \t|");
        sb.append(as == 0 ? "\t\tN/A\t|" : "\t" + f2(Math.max(0, as - base)) + "\t|");
        sb.append(ae <= 0 ? "\t\tN/A\t|" : "\t" + f2(ae - base) + "\t|");
        sb.append(ap == 0 ? "\t\tN/A\n" : "\t" + f2(Math.max(0, ap - base)) + "\n");
        sb.append(in).append(RULE).append('\n');
    }

    /** {@code %10f} of a duration in ns, printed in ms. */
    private static String f10(long ns) {
        return String.format(Locale.ROOT, "%10f", ns / 1e6);
    }

    /** {@code %10.2f} of a duration in ns, printed in ms. */
    private static String f2(long ns) {
        return String.format(Locale.ROOT, "%10.2f", ns / 1e6);
    }
}

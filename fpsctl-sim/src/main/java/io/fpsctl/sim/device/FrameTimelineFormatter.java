package io.fpsctl.sim.device;

import java.util.List;
import java.util.Locale;

/**
 * Prints {@code dumpsys SurfaceFlinger --frametimeline -jank|-all} byte for byte as SurfaceFlinger does (docs/formats.md
 * C.4 rev 3). Every line below comes from frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp};
 * {@code FrameTimeline::dumpAll}, {@code FrameTimeline::dumpJank}, {@code DisplayFrame::dumpJank},
 * {@code DisplayFrame::dump}, {@code SurfaceFrame::dump} and {@code dumpTable} are the same text at android-12.0.0_r1,
 * android-12.1.0_r1, android-13.0.0_r1, android-14.0.0_r1, android-14.0.0_r29, android-15.0.0_r1 and
 * android-16.0.0_r2; what differs between versions is {@code jankTypeBitmaskToString} ({@link JankBits}), the
 * classification ({@link SurfaceFrameClassifier}) and {@code getMinTime} ({@link TimelineSurfaceFrame#minTime}).
 * Times are ms relative to the base time of the ring's oldest display frame.
 */
final class FrameTimelineFormatter {

    /** {@code dumpTable}'s closing rule: four {@code "----------------------"}. */
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
        // dumpAll / dumpJank: baseTime = mDisplayFrames[0]->getBaseTime()
        long base = ring.isEmpty() ? 0 : ring.get(0).baseTime(version);
        if (args.contains("-jank")) {
            for (int i = 0; i < ring.size(); i++) {
                TimelineDisplayFrame d = ring.get(i);
                boolean done = i < ring.size() - notFinal;
                if (isJankyForDumpJank(d, done)) {
                    sb.append("Display Frame ").append(i); // DisplayFrame::dumpJank: "Display Frame %d"
                    displayFrame(sb, d, base, done);
                }
            }
        }
        if (args.contains("-all")) {
            // FrameTimeline::dumpAll: "Number of display frames : %d\n", then "Display Frame %d" + dump
            sb.append("Number of display frames : ").append(ring.size()).append('\n');
            for (int i = 0; i < ring.size(); i++) {
                sb.append("Display Frame ").append(i);
                displayFrame(sb, ring.get(i), base, i < ring.size() - notFinal);
            }
        }
        return sb.toString();
    }

    /**
     * {@code DisplayFrame::dumpJank}: shown when its own jank is not None or a SurfaceFrame's {@code getJankType()}
     * is not None. That is an empty optional before the present is processed (compares unequal: shown), None for a
     * dropped SurfaceFrame up to 14.0.0_r25 and {@code Dropped} from r29.
     */
    private boolean isJankyForDumpJank(TimelineDisplayFrame d, boolean done) {
        if (done && d.jank() != JankBits.NONE) {
            return true;
        }
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            if (s.dropped()) {
                if (s.jank() != JankBits.NONE) {
                    return true;
                }
            } else if (!done || s.jank() != JankBits.NONE) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code DisplayFrame::dump}.
     *
     * @param done its present was processed ({@code DisplayFrame::onPresent}): classified, actual present set
     */
    private void displayFrame(StringBuilder sb, TimelineDisplayFrame d, long base, boolean done) {
        int dfJank = done ? d.jank() : JankBits.NONE;
        if (dfJank != JankBits.NONE) {
            sb.append(" [*] ");
        }
        sb.append('\n');
        sb.append("Prediction State : Valid\n"); // SurfaceFlinger's own predictions: always valid here
        sb.append("Jank Type : ").append(JankBits.toString(dfJank, version)).append('\n');
        sb.append("Present Metadata : ").append(!done ? "Unknown Present" : d.presentMetadata()).append('\n');
        sb.append("Finish Metadata: ").append(!done ? "Unknown Finish" : d.lateFinish() ? "Late Finish"
                : "On Time Finish").append('\n');
        sb.append("Start Metadata: ").append(d.startMetadata(done)).append('\n');
        sb.append("Vsync Period: ").append(f10(d.periodNs())).append('\n');           // "Vsync Period: %10f\n"
        long actualPresent = done ? d.actualPresent() : 0;
        long delta = Math.abs(actualPresent - d.expectedPresent());
        sb.append("Present delta: ").append(f10(delta)).append('\n');                 // "Present delta: %10f\n"
        sb.append("Present delta % refreshrate: ").append(f10(delta % d.periodNs())).append('\n');
        table(sb, "", base, true, d.expectedStart(), d.expectedEnd(), d.expectedPresent(), d.actualStart(),
                d.actualEnd(), actualPresent);
        sb.append('\n');
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            surfaceFrame(sb, s, base, done);
        }
        sb.append('\n');
    }

    /** {@code SurfaceFrame::dump} with the 4-space indent {@code DisplayFrame::dump} passes. */
    private void surfaceFrame(StringBuilder sb, TimelineSurfaceFrame s, long base, boolean done) {
        String in = "    ";
        // before onPresent a SurfaceFrame's mJankType is still None and its metadata Unknown
        SurfaceFrameClassifier.Verdict v = done ? s.verdict()
                : new SurfaceFrameClassifier.Verdict(JankBits.NONE, "Unknown Present", "Unknown Finish");
        boolean valid = s.prediction() == PredictionState.VALID;
        sb.append(in).append("Layer - ").append(s.debugName());                     // "Layer - %s", mDebugName
        if (v.jank() != JankBits.NONE) {
            sb.append(" [*] ");
        }
        sb.append('\n');
        sb.append(in).append("Token: ").append(s.token()).append('\n');              // "Token: %" PRId64
        sb.append(in).append("Is Buffer?: ").append(s.buffer() ? 1 : 0).append('\n'); // "Is Buffer?: %d"
        sb.append(in).append("Owner Pid : ").append(s.ownerPid()).append('\n');      // "Owner Pid : %d"
        // "Scheduled rendering rate: %d fps": mRenderRate is set only by a frame rate override
        // (Layer::createSurfaceFrameFor*: getFrameRateOverride(uid)), which the simulator has none of: 0
        sb.append(in).append("Scheduled rendering rate: 0 fps\n");
        sb.append(in).append("Layer ID : ").append(s.layerId()).append('\n');        // "Layer ID : %d"
        sb.append(in).append("Present State : ").append(s.dropped() ? "Dropped" : "Presented").append('\n');
        if (s.dropped()) {
            sb.append(in).append("Drop time : ").append(f10(s.dropTime() - base)).append('\n'); // "Drop time : %10f"
        }
        sb.append(in).append("Prediction State : ").append(s.prediction().printed()).append('\n');
        sb.append(in).append("Jank Type : ").append(JankBits.toString(v.jank(), version)).append('\n');
        sb.append(in).append("Present Metadata : ").append(v.presentMetadata()).append('\n');
        sb.append(in).append("Finish Metadata: ").append(v.finishMetadata()).append('\n');
        // a dropped SurfaceFrame's present stays (12 … 14 r25) or is set back (r29+) to 0
        long actualPresent = done && !s.dropped() ? s.actualPresent() : 0;
        sb.append(in).append("Last latch time: ").append(f10(Math.max(0, s.lastLatch() - base))).append('\n');
        if (valid) { // "Present delta: %10f\n" only with valid predictions
            sb.append(in).append("Present delta: ").append(f10(Math.abs(actualPresent - s.expectedPresent())))
                    .append('\n');
        }
        table(sb, in, base, valid, s.expectedStart(), s.expectedEnd(), s.expectedPresent(), s.actualStart(),
                s.actualEnd(), actualPresent);
    }

    /**
     * {@code dumpTable}: the header, the predictions when they are valid ({@code "\t%10.2f\t|\t%10.2f\t|\t%10.2f\n"}),
     * the actuals ({@code N/A} where unset, an end time ≤ 0 included), and the rule.
     */
    private static void table(StringBuilder sb, String in, long base, boolean valid, long es, long ee, long ep,
                              long as, long ae, long ap) {
        sb.append(in).append("\t\t    Start time\t\t|    End time\t\t|    Present time\n");
        if (valid) {
            sb.append(in).append("Expected\t|\t").append(f2(es - base)).append("\t|\t").append(f2(ee - base))
                    .append("\t|\t").append(f2(ep - base)).append('\n');
        }
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

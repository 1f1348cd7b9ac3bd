package io.fpsctl.engine;

import java.util.List;

/**
 * The resources of a whole run (docs/metrics.md section 13 rule 11): CPU means and peaks for the app, the device and
 * each named thread, memory peaks, the worst thermal state, and how much of the time was throttled. Absent values
 * are null, never 0.
 *
 * @param app                      the app's CPU, % of one core
 * @param device                   the device's CPU, % of all cores
 * @param threads                  main, RenderThread, hwuiTask, GPU completion (those seen), then the 3 other
 *                                 threads with the highest mean
 * @param rssPeakKb                the highest VmRSS read
 * @param pssPeakKb                the highest TOTAL PSS read
 * @param worstThermalStatus       the highest thermal status read (0..6)
 * @param maxTempC                 the highest CPU or skin temperature read
 * @param batteryTempC             the highest battery temperature read
 * @param throttledShare           the share (0–1) of the time with a known throttle state that was throttled
 * @param slowFramesMainThreadBusy slow frames whose main cause is {@link ResourceUsage#MAIN_THREAD_BUSY}
 * @param slowFramesThrottled      slow frames whose main cause is {@link ResourceUsage#CPU_THROTTLED}
 * @param missing                  one line per part that could not be read
 * @param load                     GPU, power and network of the run (section 14 rule 7); null when not read
 */
public record ResourceSummary(Cpu app, Cpu device, List<Cpu> threads, Long rssPeakKb, Long pssPeakKb,
                              Integer worstThermalStatus, Double maxTempC, Double batteryTempC,
                              Double throttledShare, long slowFramesMainThreadBusy, long slowFramesThrottled,
                              List<String> missing, LoadSummary load) {

    /** A run without GPU, power and network (section 13 only). */
    public ResourceSummary(Cpu app, Cpu device, List<Cpu> threads, Long rssPeakKb, Long pssPeakKb,
                           Integer worstThermalStatus, Double maxTempC, Double batteryTempC, Double throttledShare,
                           long slowFramesMainThreadBusy, long slowFramesThrottled, List<String> missing) {
        this(app, device, threads, rssPeakKb, pssPeakKb, worstThermalStatus, maxTempC, batteryTempC, throttledShare,
                slowFramesMainThreadBusy, slowFramesThrottled, missing, null);
    }

    /** A CPU figure of the run: the time-weighted mean and the peak, in % (null when never measured). */
    public record Cpu(String name, Double meanPercent, Double peakPercent) {
    }

    public ResourceSummary {
        threads = threads == null ? List.of() : List.copyOf(threads);
        missing = missing == null ? List.of() : List.copyOf(missing);
    }

    /** The named thread's figure ({@code main}, {@code RenderThread}, …), or null when it was not seen. */
    public Cpu thread(String name) {
        for (Cpu c : threads) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Rule 12: the memory the gate compares, in kB: the peak PSS, else the peak RSS; null when neither was read.
     */
    public Long memoryPeakKb() {
        return pssPeakKb != null ? pssPeakKb : rssPeakKb;
    }

    /** Which of the two {@link #memoryPeakKb()} is: {@code PSS}, {@code RSS} or null. */
    public String memoryPeakKind() {
        return pssPeakKb != null ? "PSS" : rssPeakKb != null ? "RSS" : null;
    }
}

package io.fpsctl.engine;

import java.util.List;

/**
 * What the app and the device did over one interval (a live window, or the interval a frame gets; docs/metrics.md
 * section 13). CPU in % of one core (device: of all cores); absent values are null, never 0.
 *
 * @param seconds          the interval's length on the device's uptime clock
 * @param appCpu           every thread of the app added up
 * @param mainCpu          the main thread (tid = pid)
 * @param renderThreadCpu  {@code RenderThread}
 * @param hwuiTaskCpu      every {@code hwuiTask*} thread added up
 * @param gpuCompletionCpu {@code GPU completion}
 * @param topOthers        the (at most) 3 other threads that used the most CPU, most first
 * @param deviceCpu        the {@code cpu} line of {@code /proc/stat}, % of all cores
 * @param frequencies      each policy's frequencies read at the interval's end
 * @param throttled        rule 5 of section 13; null when neither thermal status nor frequencies were read
 * @param rssKb            the highest RSS read in the interval
 * @param pssKb            the latest PSS read at or before its end
 * @param thermalStatus    the worst thermal status read in it
 * @param maxTempC         the hottest temperature read in it
 * @param batteryTempC     the hottest battery temperature read in it
 * @param load             GPU, power and network (section 14); null when none was read
 */
public record ResourceUsage(double seconds, Double appCpu, Double mainCpu, Double renderThreadCpu,
                            Double hwuiTaskCpu, Double gpuCompletionCpu, List<ThreadCpu> topOthers, Double deviceCpu,
                            List<ResourceCounters.Frequency> frequencies, Boolean throttled, Long rssKb, Long pssKb,
                            Integer thermalStatus, Double maxTempC, Double batteryTempC, LoadUsage load) {

    /** An interval without GPU, power and network (section 13 only). */
    public ResourceUsage(double seconds, Double appCpu, Double mainCpu, Double renderThreadCpu, Double hwuiTaskCpu,
                         Double gpuCompletionCpu, List<ThreadCpu> topOthers, Double deviceCpu,
                         List<ResourceCounters.Frequency> frequencies, Boolean throttled, Long rssKb, Long pssKb,
                         Integer thermalStatus, Double maxTempC, Double batteryTempC) {
        this(seconds, appCpu, mainCpu, renderThreadCpu, hwuiTaskCpu, gpuCompletionCpu, topOthers, deviceCpu,
                frequencies, throttled, rssKb, pssKb, thermalStatus, maxTempC, batteryTempC, null);
    }

    /** Rule 10: a main thread above this share of one core makes a slow frame {@link #MAIN_THREAD_BUSY}. */
    public static final double BUSY_PERCENT = 90.0;
    /** Rule 5: cores at least this busy that run below their highest frequency are held back. */
    public static final double SATURATED_PERCENT = 90.0;
    /** Rule 5: this thermal status (SEVERE) or worse is throttled. */
    public static final int SEVERE = 3;
    /** The main causes a slow frame gets from its resources (rule 10). */
    public static final String MAIN_THREAD_BUSY = "mainThreadBusy";
    public static final String CPU_THROTTLED = "cpuThrottled";

    /** One named thread's CPU. */
    public record ThreadCpu(String name, double percent) {
    }

    public ResourceUsage {
        topOthers = topOthers == null ? List.of() : List.copyOf(topOthers);
        frequencies = frequencies == null ? List.of() : List.copyOf(frequencies);
    }

    /**
     * Rule 10's cause for a slow frame in this interval (section 14 rule 3 puts {@code gpuBusy} between its two), or
     * null when its resources explain nothing.
     */
    public String slowFrameCause() {
        if (mainCpu != null && mainCpu > BUSY_PERCENT) {
            return MAIN_THREAD_BUSY;
        }
        if (load != null && load.gpuBusy()) {
            return LoadUsage.GPU_BUSY;
        }
        return Boolean.TRUE.equals(throttled) ? CPU_THROTTLED : null;
    }
}

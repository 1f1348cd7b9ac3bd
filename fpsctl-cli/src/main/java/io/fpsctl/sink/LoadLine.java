package io.fpsctl.sink;

import io.fpsctl.engine.LoadUsage;

/**
 * The GPU, power and network of a live window on the terminal (docs/metrics.md 14): one line of the ANSI block, at
 * most {@value #WIDTH} columns, and the plain line's fields. A figure that could not be read shows {@code n/a} and
 * the end of its reason (the device's own error text, with control characters replaced: it never reaches the
 * terminal raw); a charging phone shows {@code charging}, never a drain.
 */
final class LoadLine {
    static final int WIDTH = 80;

    private LoadLine() {
    }

    /** E.g. {@code "gpu    95.0 % 585 MHz  power 1594 mW  app ↓488 ↑19 kB  device ↓491 ↑20 kB"}. */
    static String ansi(LoadUsage l) {
        if (l == null) {
            return "gpu    -";
        }
        StringBuilder b = new StringBuilder(96);
        b.append("gpu    ");
        if (l.gpuPercent() == null && l.gpuMhz() == null) {
            b.append("n/a (").append(shortReason(l.gpuReason())).append(')');
        } else {
            b.append(l.gpuPercent() == null ? "-" : SummaryText.fmt1(l.gpuPercent()) + " %");
            b.append(l.gpuMhz() == null ? "" : " " + Math.round(l.gpuMhz()) + " MHz");
        }
        int afterGpu = b.length();
        b.append("  power ");
        if (Boolean.TRUE.equals(l.charging())) {
            b.append("charging");
        } else {
            b.append(l.powerMw() == null ? "n/a" : Math.round(l.powerMw()) + " mW");
        }
        b.append("  app ").append(bytes(l.appRxBytes(), l.appTxBytes()));
        b.append("  device ").append(bytes(l.deviceRxBytes(), l.deviceTxBytes()));
        // the app's own GPU time (rule 10) only where the line still fits: the other figures come first
        String app = l.appGpuMs() == null ? null : " (app " + Math.round(l.appGpuMs()) + " ms)";
        if (app != null && b.length() + app.length() <= WIDTH) {
            b.insert(afterGpu, app);
        }
        return b.length() <= WIDTH ? b.toString() : b.substring(0, WIDTH - 1) + "…";
    }

    /** The plain line's fields: {@code " gpuPercent=… gpuMhz=… powerMw=… charging=… appRxKb=… …"}. */
    static String plain(LoadUsage l) {
        StringBuilder b = new StringBuilder(160);
        b.append(" gpuPercent=").append(SummaryText.fmt1(l == null ? null : l.gpuPercent()));
        b.append(" gpuMhz=").append(SummaryText.fmt1(l == null ? null : l.gpuMhz()));
        b.append(" powerMw=").append(SummaryText.fmt1(l == null ? null : l.powerMw()));
        b.append(" charging=").append(l == null || l.charging() == null ? "-" : l.charging().toString());
        b.append(" appRxKb=").append(kb(l == null ? null : l.appRxBytes()));
        b.append(" appTxKb=").append(kb(l == null ? null : l.appTxBytes()));
        b.append(" deviceRxKb=").append(kb(l == null ? null : l.deviceRxBytes()));
        b.append(" deviceTxKb=").append(kb(l == null ? null : l.deviceTxBytes()));
        b.append(" appGpuMs=").append(SummaryText.fmt1(l == null ? null : l.appGpuMs()));
        return b.toString();
    }

    private static String kb(Long bytes) {
        return SummaryText.fmt1(bytes == null ? null : bytes / 1024.0);
    }

    private static String bytes(Long rx, Long tx) {
        if (rx == null || tx == null) {
            return "n/a";
        }
        return "↓" + Math.round(rx / 1024.0) + " ↑" + Math.round(tx / 1024.0) + " kB";
    }

    /** The reason's last part ({@code "Permission denied"} of {@code "<path>: Permission denied"}), printable. */
    static String shortReason(String reason) {
        if (reason == null) {
            return "not read";
        }
        int colon = reason.lastIndexOf(": ");
        String s = colon >= 0 ? reason.substring(colon + 2) : reason;
        StringBuilder b = new StringBuilder(Math.min(s.length(), 40));
        for (int i = 0; i < s.length() && b.length() < 40; i++) {
            char c = s.charAt(i);
            b.append(c < 0x20 || (c >= 0x7f && c <= 0x9f) ? '?' : c);
        }
        return b.toString();
    }
}

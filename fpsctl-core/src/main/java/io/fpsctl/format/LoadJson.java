package io.fpsctl.format;

import static io.fpsctl.format.SummaryJson.nullableLong;
import static io.fpsctl.format.SummaryJson.number;
import static io.fpsctl.format.SummaryJsonReader.abbreviated;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.LoadSummary;
import io.fpsctl.format.SummaryJsonSchema.InGpu;
import io.fpsctl.format.SummaryJsonSchema.InNetwork;
import io.fpsctl.format.SummaryJsonSchema.InPower;
import io.fpsctl.format.SummaryJsonSchema.InResources;
import io.fpsctl.format.SummaryJsonSchema.Key;
import java.io.IOException;

/**
 * The GPU, power and network keys of {@code summary.json}'s {@code resources} (docs/metrics.md 14 rule 7):
 * <pre>
 * "gpu":     {"meanPercent": 61.2, "peakPercent": 97.0, "meanMhz": 585.0, "unavailable": null,
 *             "appActiveMs": 1804.2, "appUnavailable": null},
 * "power":   {"meanMw": 1594.9, "peakMw": 2100.0, "energyMwh": 13.291, "dischargingSeconds": 30.0,
 *             "chargingSeconds": 0.0, "dischargeCurrentSign": "negative", "unavailable": null},
 * "network": {"appRxBytes": 804000, "appTxBytes": 30300, "appUnavailable": null,
 *             "deviceRxBytes": 912000, "deviceTxBytes": 41000, "deviceUnavailable": null},
 * "slowFramesGpuBusy": 4
 * </pre>
 * {@code null} objects when the run did not read them. A figure that could not be read is null and its object's
 * {@code unavailable} says why (never 0).
 */
final class LoadJson {
    private LoadJson() {
    }

    static void write(JsonGenerator g, LoadSummary l) throws IOException {
        if (l == null) {
            g.writeNullField(InResources.GPU.name());
            g.writeNullField(InResources.POWER.name());
            g.writeNullField(InResources.NETWORK.name());
            g.writeNumberField(InResources.SLOW_FRAMES_GPU_BUSY.name(), 0);
            return;
        }
        g.writeObjectFieldStart(InResources.GPU.name());
        decimal(g, InGpu.MEAN_PERCENT, l.gpuMeanPercent());
        decimal(g, InGpu.PEAK_PERCENT, l.gpuPeakPercent());
        decimal(g, InGpu.MEAN_MHZ, l.gpuMeanMhz());
        text(g, InGpu.UNAVAILABLE, l.gpuReason());
        decimal(g, InGpu.APP_ACTIVE_MS, l.appGpuMs());
        text(g, InGpu.APP_UNAVAILABLE, l.appGpuReason());
        g.writeEndObject();
        g.writeObjectFieldStart(InResources.POWER.name());
        decimal(g, InPower.MEAN_MW, l.powerMeanMw());
        decimal(g, InPower.PEAK_MW, l.powerPeakMw());
        decimal(g, InPower.ENERGY_MWH, l.energyMwh());
        decimal(g, InPower.DISCHARGING_SECONDS, l.dischargingSeconds());
        decimal(g, InPower.CHARGING_SECONDS, l.chargingSeconds());
        text(g, InPower.DISCHARGE_CURRENT_SIGN, l.dischargeSign() < 0 ? "negative"
                : l.dischargeSign() > 0 ? "positive" : null);
        text(g, InPower.UNAVAILABLE, l.powerReason());
        g.writeEndObject();
        g.writeObjectFieldStart(InResources.NETWORK.name());
        nullableLong(g, InNetwork.APP_RX_BYTES.name(), l.appRxBytes());
        nullableLong(g, InNetwork.APP_TX_BYTES.name(), l.appTxBytes());
        text(g, InNetwork.APP_UNAVAILABLE, l.appNetReason());
        nullableLong(g, InNetwork.DEVICE_RX_BYTES.name(), l.deviceRxBytes());
        nullableLong(g, InNetwork.DEVICE_TX_BYTES.name(), l.deviceTxBytes());
        text(g, InNetwork.DEVICE_UNAVAILABLE, l.deviceNetReason());
        g.writeEndObject();
        g.writeNumberField(InResources.SLOW_FRAMES_GPU_BUSY.name(), l.slowFramesGpuBusy());
    }

    private static void decimal(JsonGenerator g, Key key, Double v) throws IOException {
        number(g, key.name(), v, key.decimals());
    }

    private static void text(JsonGenerator g, Key key, String v) throws IOException {
        if (v == null) {
            g.writeNullField(key.name());
        } else {
            g.writeStringField(key.name(), v);
        }
    }

    /** The keys read back with their types checked; null when the run read none of them. */
    static LoadSummary read(JsonNode n) throws SummaryFormatException {
        JsonNode gpu = object(n, InResources.GPU);
        JsonNode power = object(n, InResources.POWER);
        JsonNode net = object(n, InResources.NETWORK);
        if (gpu == null && power == null && net == null) {
            return null;
        }
        JsonNode e = com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        gpu = gpu == null ? e : gpu;
        power = power == null ? e : power;
        net = net == null ? e : net;
        String sign = readText(power, InPower.DISCHARGE_CURRENT_SIGN, "power");
        return new LoadSummary(readNumber(gpu, InGpu.MEAN_PERCENT, "gpu"), readNumber(gpu, InGpu.PEAK_PERCENT, "gpu"),
                readNumber(gpu, InGpu.MEAN_MHZ, "gpu"), readText(gpu, InGpu.UNAVAILABLE, "gpu"),
                readNumber(power, InPower.MEAN_MW, "power"), readNumber(power, InPower.PEAK_MW, "power"),
                readNumber(power, InPower.ENERGY_MWH, "power"), orZero(readNumber(power, InPower.DISCHARGING_SECONDS, "power")),
                orZero(readNumber(power, InPower.CHARGING_SECONDS, "power")),
                "negative".equals(sign) ? -1 : "positive".equals(sign) ? 1 : 0, readText(power, InPower.UNAVAILABLE, "power"),
                whole(net, InNetwork.APP_RX_BYTES), whole(net, InNetwork.APP_TX_BYTES),
                readText(net, InNetwork.APP_UNAVAILABLE, "network"), whole(net, InNetwork.DEVICE_RX_BYTES),
                whole(net, InNetwork.DEVICE_TX_BYTES), readText(net, InNetwork.DEVICE_UNAVAILABLE, "network"),
                count(n, InResources.SLOW_FRAMES_GPU_BUSY), readNumber(gpu, InGpu.APP_ACTIVE_MS, "gpu"),
                readText(gpu, InGpu.APP_UNAVAILABLE, "gpu"));
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    private static JsonNode object(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isObject()) {
            throw new SummaryFormatException("'resources." + key.name() + "' must be an object or null, got "
                    + abbreviated(v));
        }
        return v;
    }

    private static Double readNumber(JsonNode n, Key key, String where) throws SummaryFormatException {
        try {
            return SummaryJsonReader.number(n, key.name());
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException("resources." + where + ": " + e.getMessage());
        }
    }

    private static String readText(JsonNode n, Key key, String where) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new SummaryFormatException("'resources." + where + "." + key.name() + "' must be text or null, got "
                    + abbreviated(v));
        }
        return v.textValue();
    }

    private static Long whole(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'resources.network." + key.name()
                    + "' must be a non-negative integer or null, got " + abbreviated(v));
        }
        return v.longValue();
    }

    private static long count(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (v.isMissingNode() || v.isNull()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'resources." + key.name() + "' must be a non-negative integer, got "
                    + abbreviated(v));
        }
        return v.longValue();
    }
}

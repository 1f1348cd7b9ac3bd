package io.fpsctl.sim.device;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code getprop [key [default]]}: the build properties of the emulated version, with a scenario's own values in place
 * of them ({@link io.fpsctl.sim.device.scenario.Scenario#properties()}).
 */
final class SystemProperties implements ShellCommand {

    private final Map<String, String> props;

    SystemProperties(AndroidVersion version) {
        this(version, Map.of());
    }

    SystemProperties(AndroidVersion version, Map<String, String> overrides) {
        Map<String, String> p = new TreeMap<>();
        p.put("ro.build.version.sdk", String.valueOf(version.sdk()));
        p.put("ro.build.version.release", version.release());
        if (version.firstApiLevel() != null) {
            // build/make core/main.mk: PRODUCT_SHIPPING_API_LEVEL becomes ro.product.first_api_level; netd's
            // getBpfSupportLevel reads it (AndroidVersion.firstApiLevel)
            p.put("ro.product.first_api_level", String.valueOf(version.firstApiLevel()));
        }
        p.put("ro.product.model", "Sim");
        p.put("ro.product.name", "sim");
        p.put("ro.product.device", "sim");
        p.put("ro.product.manufacturer", "fpsctl");
        p.put("ro.debuggable", "1");
        p.put("ro.build.type", "userdebug");
        // build/make core/sysprop.mk BUILD_FINGERPRINT: $(PRODUCT_BRAND)/$(TARGET_PRODUCT)/$(TARGET_DEVICE):
        // $(PLATFORM_VERSION)/$(BUILD_ID)/$(BUILD_NUMBER):$(TARGET_BUILD_VARIANT)/$(BUILD_VERSION_TAGS) (the form
        // read in the code index; the build id "SIM.<sdk>" and number 1 are inferred: the simulator has no build)
        p.put("ro.build.fingerprint", "fpsctl/sim/sim:" + version.release() + "/SIM." + version.sdk()
                + "/1:userdebug/test-keys");
        p.put("sys.boot_completed", "1");
        p.putAll(overrides);
        this.props = p;
    }

    @Override
    public ShellReply run(List<String> args) {
        if (args.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            props.forEach((k, v) -> sb.append('[').append(k).append("]: [").append(v).append("]\n"));
            return ShellReply.ok(sb.toString());
        }
        return ShellReply.ok(props.getOrDefault(args.get(0), args.size() > 1 ? args.get(1) : "") + "\n");
    }
}

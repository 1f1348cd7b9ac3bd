package io.fpsctl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.fpsctl.capture.DisplayProbe;
import io.fpsctl.device.AdbBinary;
import io.fpsctl.device.AdbHostClient;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.AdbServers;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceDescription;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.Devices;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fpsctl devices}: what is attached, with model, Android version and refresh rate. */
@Command(name = "devices", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "List the devices the adb server knows (or the simulated one with --simulate).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "2:usage error", "3:no adb server could be reached or started"})
final class DevicesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Mixin
    DeviceOptions deviceOptions;

    @Override
    public Integer call() throws Exception {
        List<DeviceDescription> list;
        try {
            if (deviceOptions.simulating()) {
                try (DeviceOptions.Connection c = deviceOptions.connect("com.example.feed")) {
                    Device d = c.device;
                    list = List.of(Devices.describe(d, "device", "Sim", DisplayProbe::readHz));
                }
            } else if (deviceOptions.adb.adbServers != null && !deviceOptions.adb.adbServers.isEmpty()) {
                return listFarm();
            } else {
                AdbServerAddress address = AdbServerAddress.resolve(deviceOptions.adb.host, deviceOptions.adb.port, System.getenv());
                list = new Devices(new AdbHostClient(address, AdbBinary.onPath()), System.getenv()).describeAll(DisplayProbe::readHz);
            }
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            writeJson(list, out);
        } else if (list.isEmpty()) {
            out.println("no devices attached (connect one, or try: fpsctl watch com.example.feed --simulate)");
        } else {
            out.printf(Locale.ROOT, "%-24s %-14s %-22s %-8s %s%n", "serial", "state", "model", "android", "refresh");
            for (DeviceDescription d : list) {
                out.printf(Locale.ROOT, "%-24s %-14s %-22s %-8s %s%n", d.serial(), d.state(), nz(d.model()),
                        nz(d.androidVersion()), d.refreshHz() == null ? "-" : String.format(Locale.ROOT, "%.1f Hz", d.refreshHz()));
            }
        }
        out.flush();
        return ExitCode.OK;
    }

    /** {@code --adb-server} given: every server's devices, with a server column; a silent server is reported. */
    private int listFarm() throws IOException {
        AdbServers servers = deviceOptions.servers();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<FarmDevice> all = new java.util.ArrayList<>();
        int code = ExitCode.OK;
        for (AdbServerAddress server : servers.addresses()) {
            try {
                for (DeviceDescription d : new Devices(servers.client(server), System.getenv())
                        .describeAll(DisplayProbe::readHz)) {
                    all.add(new FarmDevice(server, d));
                }
            } catch (DeviceException e) {
                err.println("fpsctl: adb server " + server + ": " + e.getMessage());
                code = ExitCode.DEVICE;
            }
        }
        if (json) {
            writeJson(all.stream().map(FarmDevice::description).toList(),
                    all.stream().map(f -> f.server().toString()).toList(), out);
        } else if (all.isEmpty()) {
            out.println("no devices attached to " + servers.addresses());
        } else {
            out.printf(Locale.ROOT, "%-22s %-24s %-14s %-22s %-8s %s%n", "server", "serial", "state", "model", "android",
                    "refresh");
            for (FarmDevice f : all) {
                DeviceDescription d = f.description();
                out.printf(Locale.ROOT, "%-22s %-24s %-14s %-22s %-8s %s%n", f.server(), d.serial(), d.state(),
                        nz(d.model()), nz(d.androidVersion()),
                        d.refreshHz() == null ? "-" : String.format(Locale.ROOT, "%.1f Hz", d.refreshHz()));
            }
        }
        out.flush();
        return all.isEmpty() ? code : ExitCode.OK;
    }

    private record FarmDevice(AdbServerAddress server, DeviceDescription description) {
    }

    private static String nz(String s) {
        return s == null ? "-" : s;
    }

    private static void writeJson(List<DeviceDescription> list, PrintWriter out) throws IOException {
        writeJson(list, null, out);
    }

    /** @param servers each device's adb server (same order), or null to leave the key out */
    private static void writeJson(List<DeviceDescription> list, List<String> servers, PrintWriter out)
            throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            g.writeStartArray();
            for (int i = 0; i < list.size(); i++) {
                DeviceDescription d = list.get(i);
                g.writeStartObject();
                if (servers != null) {
                    g.writeStringField("server", servers.get(i));
                }
                g.writeStringField("serial", d.serial());
                g.writeStringField("state", d.state());
                g.writeStringField("model", d.model());
                g.writeStringField("androidVersion", d.androidVersion());
                if (d.sdk() == null) {
                    g.writeNullField("sdk");
                } else {
                    g.writeNumberField("sdk", d.sdk());
                }
                if (d.refreshHz() == null) {
                    g.writeNullField("refreshHz");
                } else {
                    g.writeNumberField("refreshHz", Math.round(d.refreshHz() * 10) / 10.0);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        out.println();
    }
}

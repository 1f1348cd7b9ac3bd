package io.fpsctl.cli;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.DisplayProbe;
import io.fpsctl.device.AdbBinary;
import io.fpsctl.device.AdbHostClient;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceDescription;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.Devices;
import io.fpsctl.mcp.DeviceAccess;
import io.fpsctl.mcp.FpsctlMcpServer;
import io.fpsctl.mcp.Sandbox;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fpsctl mcp}: declares the MCP server's options and hands it the device access (io.fpsctl.mcp). */
@Command(name = "mcp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Serve fpsctl to a coding agent over the Model Context Protocol on standard input and output",
            "(tools list_devices, measure, analyze, gate, compare, explain_jank; see docs/mcp.md). Standard output",
            "carries only JSON-RPC; notes go to standard error. Runs until standard input ends."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the client closed standard input", "2:usage error", "5:cannot create --out or read --read"})
final class McpCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "The one folder the server writes into: "
            + "each measurement gets a folder in it (default: a new temporary folder, named on standard error).")
    Path out;

    @Option(names = "--read", paramLabel = "DIR", description = "Also let tools read files under DIR (default: the "
            + "folder the server is started in, and --out). Repeatable.")
    List<Path> read;

    @Option(names = "--allow-run", description = "Let measure run a host shell command (its run argument, as gate "
            + "--run). Off by default: no tool runs anything on the host.")
    boolean allowRun;

    @Mixin
    DeviceOptions deviceOptions;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() throws Exception {
        // the protocol owns file descriptor 1: anything else that prints to System.out goes to standard error
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream err = System.err;
        System.setOut(err);
        // the SDK logs through SLF4J with no binding here: no three-line "no providers" notice on every start
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        Path base = Path.of("").toAbsolutePath();
        Sandbox sandbox;
        try {
            Path folder = out != null ? out : Files.createTempDirectory("fpsctl-mcp-");
            List<Path> roots = new ArrayList<>();
            roots.add(base);
            if (read != null) {
                roots.addAll(read);
            }
            sandbox = new Sandbox(folder, roots, base);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot use " + (out == null ? "a temporary folder" : out) + " or a "
                    + "--read folder: " + ErrorLine.describe(e), e);
        }
        err.println("fpsctl mcp: output folder " + sandbox.out());
        FpsctlMcpServer.Config config = new FpsctlMcpServer.Config(sandbox, devices(), engineOptions.toConfig(),
                deviceOptions.reconnectTimeout, allowRun);
        FpsctlMcpServer.serve(config, new FileInputStream(FileDescriptor.in), protocol, err);
        return ExitCode.OK;
    }

    /** The devices as the other commands reach them ({@link DeviceOptions}: -s, -H/-P, --connect, --simulate). */
    private DeviceAccess devices() {
        return new DeviceAccess() {
            @Override
            public List<DeviceDescription> list() {
                if (deviceOptions.simulating() || deviceOptions.connect != null) {
                    try (DeviceOptions.Connection c = deviceOptions.connect(null)) { // null: the simulator's own app
                        Device d = c.device;
                        return List.of(Devices.describe(d, "device", "Sim", DisplayProbe::readHz));
                    } catch (CliException e) {
                        throw new DeviceException(DeviceException.Blame.DEVICE, e.getMessage(), e);
                    }
                }
                AdbServerAddress address = AdbServerAddress.resolve(deviceOptions.adb.host, deviceOptions.adb.port,
                        System.getenv());
                return new Devices(new AdbHostClient(address, AdbBinary.onPath()), System.getenv())
                        .describeAll(DisplayProbe::readHz);
            }

            @Override
            public Opened open(String pkg, String serial) {
                DeviceOptions.Connection c;
                try {
                    c = deviceOptions.connect(pkg, serial);
                } catch (CliException e) {
                    throw new DeviceException(e.exitCode() == ExitCode.APP ? DeviceException.Blame.APP
                            : DeviceException.Blame.DEVICE, e.getMessage(), e);
                }
                return new Opened() {
                    @Override
                    public Device device() {
                        return c.device;
                    }

                    @Override
                    public CaptureSession.Reconnector reconnector() {
                        return c.reconnector;
                    }

                    @Override
                    public void close() {
                        c.close();
                    }
                };
            }
        };
    }
}

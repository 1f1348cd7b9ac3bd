package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.capture.farm.AppSink;
import io.fpsctl.capture.farm.Farm;
import io.fpsctl.device.AdbServers;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.sink.metrics.FrameMetrics;
import io.fpsctl.sink.metrics.MetricsServer;
import io.fpsctl.sink.metrics.PackageListener;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl exporter PACKAGE...}: live frame metrics of every device for Prometheus. */
@Command(name = "exporter", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Measure the apps continuously on every device of every adb server (devices that appear later",
            "are picked up, devices that go away are waited for) and serve the metrics for Prometheus on /metrics."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:--duration over", "2:usage error", "3:no adb server answers", "5:cannot listen on the address",
            "129/130/143:stopped by SIGHUP/SIGINT/SIGTERM"})
final class ExporterCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "PACKAGE", description = "Apps to measure on every device.")
    List<String> packages = new java.util.ArrayList<>();

    @Option(names = "--foreground", description = "Also measure whatever app is in front of each device, "
            + "switching when another app comes to the front.")
    boolean foreground;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Where to serve /metrics (default: "
            + "${DEFAULT-VALUE}, this machine only; 0.0.0.0:PORT makes it reachable from the network).")
    String listen = "127.0.0.1:9464";

    @Option(names = "--series-ttl", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Drop a series not updated for DUR (default: 10m).")
    Duration seriesTtl = Duration.ofMinutes(10);

    @Option(names = "--max-windows", paramLabel = "N",
            description = "Windows per app and device with their own series; more count as window=\"other\" "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxWindows = 10;

    @Option(names = {"-d", "--duration"}, paramLabel = "DUR", converter = DurationConverter.class,
            description = "Stop after DUR (default: run until Ctrl-C).")
    Duration duration;

    @Option(names = "--source", paramLabel = "SOURCE", description = "auto (default), gfxinfo or surfaceflinger.")
    MeasureOptions.SourceOption source = MeasureOptions.SourceOption.auto;

    @Mixin
    AdbServerOptions adbServerOptions;

    @Option(names = "--reconnect-timeout", paramLabel = "DUR", converter = DurationConverter.class,
            description = "How long to wait for a device that went away (default: 60s).")
    Duration reconnectTimeout = Duration.ofSeconds(60);

    @Mixin
    EngineOptions engineOptions;


    @Override
    public Integer call() throws Exception {
        PackageNameConverter.checkEach(packages);
        if (packages.isEmpty() && !foreground) {
            throw new CliException(ExitCode.USAGE, "exporter needs PACKAGE... or --foreground (the app in front)");
        }
        if (maxWindows < 1) {
            throw new CliException(ExitCode.USAGE, "--max-windows must be at least 1, got " + maxWindows);
        }
        if (seriesTtl.isZero() || seriesTtl.isNegative()) {
            throw new CliException(ExitCode.USAGE, "--series-ttl must be positive");
        }
        if (source == MeasureOptions.SourceOption.agent) {
            throw new CliException(ExitCode.USAGE, "exporter: --source agent is not supported; use auto, gfxinfo "
                    + "or surfaceflinger");
        }
        Listen where = Listen.parse(listen);
        EngineConfig config = engineOptions.toConfig();
        AdbServers servers = adbServerOptions.servers();
        MeasureOptions measure = new MeasureOptions();
        measure.source = source;

        PrometheusRegistry registry = new PrometheusRegistry();
        FrameMetrics metrics = new FrameMetrics(registry, maxWindows, seriesTtl, System::nanoTime,
                io.fpsctl.format.SummaryJson.fpsctlVersion());
        PrintWriter out = spec.commandLine().getOut();
        MetricsServer http;
        try {
            http = MetricsServer.start(new InetSocketAddress(InetAddress.getByName(where.host()), where.port()),
                    registry);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot listen on " + listen + " (" + e.getMessage()
                    + "): choose another --listen HOST:PORT");
        }
        AppSink.Factory sinks = (device, pkg) -> {
            PackageListener l = metrics.listener(new FrameMetrics.Device(device.name(), device.model(),
                    device.android()), pkg);
            return new AppSink() {
                @Override
                public FrameEngine.Listener frames() {
                    return l;
                }

                @Override
                public void disconnected(long coveredUntilNs) {
                    l.disconnected(coveredUntilNs);
                }
            };
        };
        try (http; Farm farm = new Farm(servers, packages, foreground, measure.request(), config,
                reconnectTimeout, sinks);
             StopSignal signal = new StopSignal(name -> farm.stop())) {
            out.printf("fpsctl exporter: serving http://%s:%d/metrics for %s on %s%n", where.host(), http.port(),
                    packages.isEmpty() ? "the app in front" : String.join(", ", packages) + (foreground ? " and the app in front" : ""),
                    servers.addresses());
            if (!InetAddress.getByName(where.host()).isLoopbackAddress()) {
                out.printf("fpsctl exporter: listening on %s: reachable from other machines (no authentication)%n",
                        listen);
            }
            out.flush();
            farm.start();
            PrintWriter err = spec.commandLine().getErr();
            farm.serve(duration, n -> {
                err.println("fpsctl: " + n);
                err.flush();
            }, metrics::expire, Duration.ofMillis(Math.max(1_000, Math.min(30_000, seriesTtl.toMillis() / 2))));
            return signal.exitCode(ExitCode.OK);
        }
    }

    /** {@code HOST:PORT} to listen on. */
    record Listen(String host, int port) {
        static Listen parse(String text) {
            int colon = text.lastIndexOf(':');
            try {
                String host = colon <= 0 ? "127.0.0.1" : text.substring(0, colon);
                if (host.startsWith("[") && host.endsWith("]")) {
                    host = host.substring(1, host.length() - 1);
                }
                int port = Integer.parseInt(text.substring(colon + 1));
                if (port < 0 || port > 65535) {
                    throw new NumberFormatException();
                }
                return new Listen(host, port);
            } catch (NumberFormatException e) {
                throw new CliException(ExitCode.USAGE, "--listen " + text + " is not HOST:PORT (e.g. 127.0.0.1:9464)");
            }
        }
    }
}

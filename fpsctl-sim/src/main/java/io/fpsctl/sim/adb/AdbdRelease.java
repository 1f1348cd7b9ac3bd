package io.fpsctl.sim.adb;

import java.util.Optional;

/**
 * Which adbd the simulated device runs: what its CNXN banner says, which shell services it offers and how their
 * output looks. Two generations matter to fpsctl, split by the shell protocol v2:
 *
 * <ul>
 *   <li>{@link #MARSHMALLOW} (Android 6.0, API 23). system/core {@code adb/adb.cpp fill_connect_data},
 *       android-6.0.1_r1: the banner is {@code device::} then {@code ro.product.name=…;ro.product.model=…;
 *       ro.product.device=…;} (each property followed by {@code ';'}), no {@code features=} at all, and the
 *       NUL that ends the string is part of the payload ({@code return bufsize - remaining + 1}). {@code adb.h}:
 *       {@code MAX_PAYLOAD 4096}. {@code adb/services.cpp service_to_fd}: {@code shell:} runs {@code sh -c} on a
 *       pseudo-terminal ({@code create_subproc_thread(name + 6, SUBPROC_PTY)} → {@code create_subproc_pty}, which
 *       dups the pty slave onto stdin, stdout and stderr), {@code exec:} on a socket pair
 *       ({@code SUBPROC_RAW} → {@code create_subproc_raw}, the same fd for all three); the test is
 *       {@code strncmp(name, "shell:", 6)}, so {@code shell,v2,raw:…} is no service and the OPEN is refused.
 *       No exit status travels in either.</li>
 *   <li>{@link #NOUGAT} (Android 7.0+, API 24+). {@code adb/transport.cpp supported_features}, android-7.0.0_r1:
 *       {@code kFeatureShell2 = "shell_v2"} and {@code kFeatureCmd = "cmd"} (the first release with either;
 *       android-6.0.1_r1's transport.cpp has no feature list). {@code adb/adb.cpp get_connection_string}: the
 *       banner ends {@code ;features=shell_v2,cmd}, without a trailing {@code ';'}. {@code adb/services.cpp
 *       ShellService}: {@code shell[,args]:cmd} is raw (no terminal) for a command, a pty for an empty one,
 *       {@code pty}/{@code raw} override, {@code v2} selects the shell protocol; {@code exec:} is raw. Later adbds
 *       add features (and 1 MiB payloads from 9); the simulator offers these two, which are all fpsctl asks
 *       about.</li>
 * </ul>
 */
public enum AdbdRelease {
    /** Android 6.0: no features, {@code shell:} on a pty, 4 KiB payloads. */
    MARSHMALLOW("", 4096, 0x01000000),
    /**
     * Android 7.0 and later: {@code shell_v2} and {@code cmd}; the CNXN version and payload size of 9+
     * ({@code A_VERSION 0x01000001}, 1 MiB; 7 and 8 sent 0x01000000 and 256 KiB, which no host treats
     * differently for what fpsctl does).
     */
    NOUGAT("shell_v2,cmd", AdbMessage.MAX_PAYLOAD, AdbMessage.A_VERSION);

    private final String features;
    private final int maxPayload;
    private final int version;

    AdbdRelease(String features, int maxPayload, int version) {
        this.features = features;
        this.maxPayload = maxPayload;
        this.version = version;
    }

    /** The CNXN's arg0: {@code A_VERSION} of the release's {@code adb.h} (0x01000000 at android-6.0.1_r1). */
    public int version() {
        return version;
    }

    /** The adbd of the release with {@code ro.build.version.sdk} = {@code sdk}: shell v2 came with API 24. */
    public static AdbdRelease forSdk(int sdk) {
        return sdk >= 24 ? NOUGAT : MARSHMALLOW;
    }

    /** The largest payload this adbd sends or accepts. */
    public int maxPayload() {
        return maxPayload;
    }

    /** The banner's bytes as adbd sends them (see the class comment for the two spellings). */
    String banner(String productName, String model, String device) {
        String props = "ro.product.name=" + productName + ";ro.product.model=" + model + ";ro.product.device="
                + device;
        return this == MARSHMALLOW ? "device::" + props + ";\0" : "device::" + props + ";features=" + features;
    }

    /**
     * The shell service an OPEN destination asks for, as this adbd reads it (see the class comment), or empty
     * when it is none (the OPEN is then refused).
     *
     * @param destination the OPEN payload with trailing NULs already removed
     */
    Optional<ServiceRequest> parse(String destination) {
        // adb/services.cpp service_to_fd (android-6.0.1_r1 and android-7.0.0_r1 alike): "tcp:<port>" connects
        // socket_loopback_client(port, SOCK_STREAM); "tcp:<port>:<host>" (another host) is not simulated.
        // SERVICES.TXT: "tcp:<port> Try to connect to tcp port <port> on loopback."
        if (destination.startsWith("tcp:")) {
            String port = destination.substring(4);
            return port.matches("[0-9]{1,5}") && Integer.parseInt(port) > 0 && Integer.parseInt(port) < 65536
                    ? Optional.of(new ServiceRequest(ServiceRequest.Kind.TCP, port)) : Optional.empty();
        }
        if (destination.startsWith("exec:")) {
            return Optional.of(new ServiceRequest(ServiceRequest.Kind.EXEC, destination.substring(5)));
        }
        if (this == MARSHMALLOW) {
            return destination.startsWith("shell:")
                    ? Optional.of(new ServiceRequest(ServiceRequest.Kind.PTY, destination.substring(6)))
                    : Optional.empty();
        }
        int colon = destination.indexOf(':');
        if (colon < 0 || !destination.startsWith("shell")) {
            return Optional.empty();
        }
        String command = destination.substring(colon + 1);
        boolean v2 = false;
        boolean pty = command.isEmpty();
        for (String arg : destination.substring(5, colon).split(",", -1)) {
            switch (arg) {
                case "v2" -> v2 = true;
                case "raw" -> pty = false;
                case "pty" -> pty = true;
                default -> {
                    // TERM=…, empty, unknown: ignored, as ShellService does
                }
            }
        }
        ServiceRequest.Kind kind = v2 ? ServiceRequest.Kind.SHELL_V2
                : pty ? ServiceRequest.Kind.PTY : ServiceRequest.Kind.SHELL_V1;
        return Optional.of(new ServiceRequest(kind, command));
    }
}

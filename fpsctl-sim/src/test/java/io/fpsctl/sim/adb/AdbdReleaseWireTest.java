package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulated adbd per release, byte by byte on the wire, against what AOSP's adbd sends (system/core, see
 * {@link AdbdRelease} for the functions and tags). The expected bytes are written here from AOSP's format strings.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class AdbdReleaseWireTest {

    /**
     * android-6.0.1_r1 {@code adb.cpp fill_connect_data}: {@code snprintf("%s::", "device")}, then
     * {@code snprintf("%s=%s;", prop, value)} for ro.product.name, .model and .device, and the length counts the
     * NUL ({@code + 1}); {@code send_connect}: arg0 {@code A_VERSION} 0x01000000, arg1 {@code MAX_PAYLOAD} 4096.
     */
    @Test
    void android6BannerHasNoFeaturesAndEndsWithSemicolonAndNul() throws IOException {
        try (AdbDeviceServer server = server(AdbdRelease.MARSHMALLOW); RawHost host = new RawHost(server.port())) {
            AdbMessage cnxn = host.connect(AdbMessage.MAX_PAYLOAD);
            assertEquals(AdbMessage.A_CNXN, cnxn.command());
            assertEquals(0x01000000, cnxn.arg0());
            assertEquals(4096, cnxn.arg1());
            assertArrayEquals("device::ro.product.name=p;ro.product.model=M;ro.product.device=d;\0"
                    .getBytes(StandardCharsets.US_ASCII), cnxn.payload());
        }
    }

    /** android-7.0.0_r1 {@code get_connection_string}: props joined by ';', then {@code features=shell_v2,cmd}. */
    @Test
    void android7BannerOffersShellV2() throws IOException {
        try (AdbDeviceServer server = server(AdbdRelease.NOUGAT); RawHost host = new RawHost(server.port())) {
            AdbMessage cnxn = host.connect(AdbMessage.MAX_PAYLOAD);
            assertArrayEquals("device::ro.product.name=p;ro.product.model=M;ro.product.device=d;features=shell_v2,cmd"
                    .getBytes(StandardCharsets.US_ASCII), cnxn.payload());
        }
    }

    /**
     * What each service answers to {@code echo a} then {@code err b} (stdout "out\n", stderr "b\n"): on 6.0.1
     * {@code shell:} is a pty (ONLCR: "\r\n"), {@code exec:} a socket pair (bytes as written), and
     * {@code shell,v2,raw:} no service at all (refused: CLSE(0, id)); on 7.0 {@code shell:cmd} is raw.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "MARSHMALLOW|shell:|a\\r\\nout\\r\\nb\\r\\n",
        "MARSHMALLOW|exec:|a\\nout\\nb\\n",
        "MARSHMALLOW|shell,v2,raw:|refused",
        "MARSHMALLOW|shell,raw:|refused",
        "NOUGAT|shell:|a\\nout\\nb\\n",
        "NOUGAT|exec:|a\\nout\\nb\\n",
    })
    void servicesAsTheReleaseOffersThem(AdbdRelease release, String service, String expected) throws IOException {
        String want = expected.replace("\\r", "\r").replace("\\n", "\n");
        try (AdbDeviceServer server = server(release); RawHost host = new RawHost(server.port())) {
            host.connect(AdbMessage.MAX_PAYLOAD);
            String got = run(host, 3, service + "echo a") + run(host, 5, service + "err b");
            assertEquals(want.equals("refused") ? "refusedrefused" : want, got);
        }
    }

    /** On 7.0 {@code shell:} with no command is interactive: a pty (ShellService's default). */
    @Test
    void android7InteractiveShellIsATerminal() {
        assertEquals(Optional.of(new ServiceRequest(ServiceRequest.Kind.PTY, "")),
                ServiceRequest.parse("shell:", AdbdRelease.NOUGAT));
        assertEquals(Optional.of(new ServiceRequest(ServiceRequest.Kind.PTY, "ls")),
                ServiceRequest.parse("shell,pty:ls", AdbdRelease.NOUGAT));
        assertEquals(Optional.of(new ServiceRequest(ServiceRequest.Kind.PTY, "ls")),
                ServiceRequest.parse("shell:ls", AdbdRelease.MARSHMALLOW));
    }

    @Test
    void theAdbdOfEachSdk() {
        assertEquals(AdbdRelease.MARSHMALLOW, AdbdRelease.forSdk(23));
        assertEquals(AdbdRelease.NOUGAT, AdbdRelease.forSdk(24));
        assertEquals(AdbdRelease.NOUGAT, AdbdRelease.forSdk(36));
    }

    /** Opens {@code service}, acknowledges every WRTE and returns the bytes until CLSE, or "refused". */
    private static String run(RawHost host, int id, String service) throws IOException {
        host.send(new AdbMessage(AdbMessage.A_OPEN, id, 0, (service + "\0").getBytes(StandardCharsets.UTF_8)));
        AdbMessage first = host.read();
        if (first.command() == AdbMessage.A_CLSE) {
            assertEquals(0, first.arg0());
            assertEquals(id, first.arg1());
            return "refused";
        }
        assertEquals(AdbMessage.A_OKAY, first.command());
        int local = first.arg0();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            AdbMessage m = host.read();
            if (m.command() == AdbMessage.A_CLSE) {
                return out.toString(StandardCharsets.UTF_8);
            }
            out.writeBytes(m.payload());
            host.send(AdbMessage.of(AdbMessage.A_OKAY, id, local));
        }
    }

    private static AdbDeviceServer server(AdbdRelease release) throws IOException {
        AdbDeviceServer server = new AdbDeviceServer(new DeviceIdentity("p", "M", "d", release), new TestShell(),
                TransportOptions.defaults().withDiagnostics(line -> { }));
        server.start(0);
        return server;
    }
}

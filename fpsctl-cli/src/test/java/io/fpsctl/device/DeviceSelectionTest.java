package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The selection rules on given lists, without any adb server. */
class DeviceSelectionTest {

    private static DeviceInfo dev(String serial, String state) {
        return new DeviceInfo(serial, state, "", "", "", 1);
    }

    private static final DeviceInfo A = dev("emulator-5554", "device");
    private static final DeviceInfo B = dev("127.0.0.1:15037", "device");

    @Test
    void theOnlyDeviceIsUsed() {
        assertEquals(A, Devices.select(List.of(A), null));
    }

    @Test
    void aNamedDeviceIsUsedAmongSeveral() {
        assertEquals(B, Devices.select(List.of(A, B), "127.0.0.1:15037"));
    }

    @Test
    void severalWithoutSerialListsThem() {
        DeviceException e = assertThrows(DeviceException.class, () -> Devices.select(List.of(A, B), null));
        assertEquals("2 devices attached (emulator-5554 device, 127.0.0.1:15037 device):"
                + " choose one with -s SERIAL or ANDROID_SERIAL", e.getMessage());
        assertEquals(DeviceException.Blame.DEVICE, e.blame());
    }

    @Test
    void noneAttached() {
        DeviceException e = assertThrows(DeviceException.class, () -> Devices.select(List.of(), null));
        assertEquals("no device attached: connect one, or run with --simulate", e.getMessage());
    }

    @Test
    void unknownSerial() {
        DeviceException e = assertThrows(DeviceException.class, () -> Devices.select(List.of(A), "nope"));
        assertEquals("device nope is not attached (attached: emulator-5554 device): check -s / ANDROID_SERIAL,"
                + " or connect it", e.getMessage());
    }

    @Test
    void unauthorizedOfflineAndOtherStates() {
        assertEquals("device 127.0.0.1:15037 is unauthorized: accept the USB debugging prompt on the device",
                assertThrows(DeviceException.class,
                        () -> Devices.select(List.of(dev("127.0.0.1:15037", "unauthorized")), null)).getMessage());
        DeviceException offline = assertThrows(DeviceException.class,
                () -> Devices.select(List.of(A, dev("x", "offline")), "x"));
        assertInstanceOf(DeviceGoneException.class, offline);
        assertEquals("device x is offline: reconnect it (replug the USB cable, or 'adb reconnect') and retry",
                offline.getMessage());
        assertEquals("device r is in 'recovery' state, not 'device': boot it into Android and retry",
                assertThrows(DeviceException.class, () -> Devices.select(List.of(dev("r", "recovery")), null))
                        .getMessage());
    }

    @Test
    void androidSerialIsUsedWhenNoOptionIsGiven() {
        AdbHostClient unused = new AdbHostClient(AdbServerAddress.defaults(), Optional.empty());
        Devices devices = new Devices(unused, Map.of("ANDROID_SERIAL", "emulator-5556"));
        assertEquals("emulator-5556", devices.requestedSerial(null));
        assertEquals("emulator-5556", devices.requestedSerial(" "));
        assertEquals("other", devices.requestedSerial("other"));
        assertNull(new Devices(unused, Map.of()).requestedSerial(null));
    }
}

package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceInfoTest {

    @Test
    void longFormWithPaddedSerialAndAllFields() {
        DeviceInfo d = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:15037", "device")
                + " product:sim_product model:Sim_Model_9 device:simdev transport_id:7");
        assertEquals(new DeviceInfo("127.0.0.1:15037", "device", "sim_product", "Sim_Model_9", "simdev", 7), d);
        assertTrue(d.isOnline());
    }

    @Test
    void usbDevpathIsSkipped() {
        DeviceInfo d = DeviceInfo.parseLine("0a388e93               device usb:1-1 product:razor model:Nexus_7 device:flo transport_id:1");
        assertEquals("0a388e93", d.serial());
        assertEquals("device", d.state());
        assertEquals("Nexus_7", d.model());
        assertEquals(1, d.transportId());
    }

    @Test
    void offlineAndUnauthorizedHaveOnlyATransportId() {
        List<DeviceInfo> list = DeviceInfo.parseList(
                "emulator-5554          offline transport_id:2\n"
                + "R58M123ABC             unauthorized usb:2-1 transport_id:3\n");
        assertEquals(List.of(new DeviceInfo("emulator-5554", "offline", "", "", "", 2),
                new DeviceInfo("R58M123ABC", "unauthorized", "", "", "", 3)), list);
        assertFalse(list.get(0).isOnline());
    }

    @Test
    void stateWithSpacesIsKeptWhole() {
        String state = "no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html]";
        DeviceInfo d = DeviceInfo.parseLine("0123456789ABCDEF       " + state + " usb:1-4 transport_id:5");
        assertEquals(state, d.state());
        assertEquals(5, d.transportId());
    }

    @Test
    void shortFormAndEmptyList() {
        assertEquals(List.of(new DeviceInfo("emulator-5554", "device", "", "", "", 0)),
                DeviceInfo.parseList("emulator-5554\tdevice\n"));
        assertEquals(List.of(), DeviceInfo.parseList(""));
    }

    /**
     * Golden lines written by hand from adb's list format (transport.cpp {@code append_transport} at platform-tools
     * 29.0.6, the version Debian packages): {@code "%-22s %s"} serial and state, the devpath, {@code product:} and {@code device:}
     * as the banner gave them (spaces and any byte but a line feed kept), {@code model:} made alphanumeric, the
     * transport id last. A name with a space must not make the device look offline.
     */
    @Test
    void productAndDeviceNamesWithSpacesKeepTheDeviceOnline() {
        DeviceInfo d = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:47314", "device")
                + " product:n model:Pixel_7 device:Pixel 7d transport_id:3");
        assertEquals(new DeviceInfo("127.0.0.1:47314", "device", "n", "Pixel_7", "Pixel 7d", 3), d);
        assertTrue(d.isOnline());

        DeviceInfo usb = DeviceInfo.parseLine(String.format("%-22s %s", "0a388e93", "device")
                + " usb:1-1 product:razor  x model:Nexus_7 device:flo 2 transport_id:1");
        assertEquals(new DeviceInfo("0a388e93", "device", "razor  x", "Nexus_7", "flo 2", 1), usb);

        // a device's ESC stays as sent here (each sink escapes it); only the state decides online
        DeviceInfo esc = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:5555", "device")
                + " product:ev_il\u001b[31m device:a b transport_id:12");
        assertEquals(new DeviceInfo("127.0.0.1:5555", "device", "ev_il\u001b[31m", "", "a b", 12), esc);
    }

    @Test
    void namesThatLookLikeFieldsDoNotChangeTheState() {
        // adb's own example: a device named "transport_id:1" (the id is found scanning backwards)
        DeviceInfo d = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:5555", "device")
                + " product:x offline device:transport_id:1 transport_id:9");
        assertEquals(new DeviceInfo("127.0.0.1:5555", "device", "x offline", "", "transport_id:1", 9), d);
        // a product planting a model field: the state is still the word after the serial
        DeviceInfo planted = DeviceInfo.parseLine(String.format("%-22s %s", "127.0.0.1:5556", "device")
                + " product:x model:FAKE y model:Pixel_7 device:d transport_id:4");
        assertEquals("device", planted.state());
        assertTrue(planted.isOnline());
        assertEquals(4, planted.transportId());
        // an offline device with a spaced name stays offline
        DeviceInfo off = DeviceInfo.parseLine(String.format("%-22s %s", "emulator-5554", "offline")
                + " product:sdk gphone device:emu 64 transport_id:2");
        assertEquals(new DeviceInfo("emulator-5554", "offline", "sdk gphone", "", "emu 64", 2), off);
        assertFalse(off.isOnline());
    }
}

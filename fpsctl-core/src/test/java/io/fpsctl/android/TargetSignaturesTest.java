package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TargetSignaturesTest {

    @Test
    void readsTheHashesDumpsysPrints() {
        String dump = "  Package [com.example.feed] (4b1d2e7):\n    userId=10123\n"
                + "    signatures=PackageSignatures{1f2e3d4 version:3, signatures:[a1b2c3d4, 9e8a626], past signatures:[]}\n";
        assertEquals(Optional.of(List.of("a1b2c3d4", "9e8a626")), TargetSignatures.parse(dump));
    }

    @Test
    void nothingShownIsEmpty() {
        assertTrue(TargetSignatures.parse("Unable to find package: x\n").isEmpty());
        assertTrue(TargetSignatures.parse("signatures=PackageSignatures{1f2e3d4 version:0, signatures:[], past signatures:[]}")
                .isEmpty());
    }
}

package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expected answers worked out by hand from frameworks/base {@code FrameworkParsingPackageUtils.validateName}
 * (requireSeparator and requireFilename true, as {@code ApkLiteParseUtils} checks a manifest's package): a letter
 * clears "front"; a digit or '_' is fine only after a letter; '.' sets the separator and "front" again.
 */
class AndroidPackageNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"com.example.feed", "a.b", "com.Example_1.x2", "android.com_", "a..b", "a.", ".a"})
    void namesTheLoopAccepts(String name) {
        // "a..b", "a." and ".a" pass validateName: '.' is accepted whether or not a part has started
        assertNull(AndroidPackageName.problem(name), name);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        "com.x;touch PWNED => bad character ';'",
        "com.x$(id) => bad character '$'",
        "com.x`id` => bad character '`'",
        "com.x|touch => bad character '|'",
        "com.x&&id => bad character '&'",
        "com.x 'q' => bad character ' '",
        "com.1x => bad character '1'",
        "_com.x => bad character '_'",
        "com.x-y => bad character '-'",
        "com.x/y => bad character '/'",
        "comx => must have at least one '.' separator",
        ". => invalid filename",
        ".. => invalid filename",
    })
    void namesTheLoopRefuses(String name, String problem) {
        assertEquals(problem, AndroidPackageName.problem(name), name);
    }

    @org.junit.jupiter.api.Test
    void atMost223CharactersAndNotEmpty() {
        assertEquals("must have at least one '.' separator", AndroidPackageName.problem(""));
        String ok = "a." + "b".repeat(221); // 223 characters
        assertNull(AndroidPackageName.problem(ok));
        assertEquals("longer than 223 characters", AndroidPackageName.problem(ok + "c"));
    }
}

package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The package in a window title or layer name, found in one pass (a title is app-controlled and may be long). */
class PackageNamesTest {
    /** The rule as a regular expression: the reference for short inputs (it is quadratic on long ones). */
    private static final Pattern REFERENCE = Pattern.compile("([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)/");

    @Test
    void realNames() {
        assertEquals("com.example.feed", PackageNames.fromWindow("com.example.feed/com.example.feed.MainActivity"));
        assertEquals("com.a.b", PackageNames.fromWindow("SurfaceView[com.a.b/com.a.b.Main](BLAST)#0"));
        assertEquals("a.b", PackageNames.fromWindow("1.a.b/x"));
        assertEquals("c.d", PackageNames.fromWindow("a..c.d/x"));
        assertNull(PackageNames.fromWindow("StatusBar#0"));
        assertNull(PackageNames.fromWindow("a.b./x"));
    }

    /** A 1 MB title without {@code /}: one pass (the old regular expression took minutes on this). */
    @Test
    void aLongTitleWithoutASlashHasNoPackage() {
        assertNull(PackageNames.fromWindow("a.".repeat(512 * 1024)));
        assertEquals("a.a", PackageNames.fromWindow("x ".repeat(512 * 1024) + "a.a/b"));
    }

    @Property(tries = 3000)
    void sameAnswerAsTheRegularExpression(@ForAll("titles") String title) {
        Matcher m = REFERENCE.matcher(title);
        assertEquals(m.find() ? m.group(1) : null, PackageNames.fromWindow(title), title);
    }

    @Provide
    Arbitrary<String> titles() {
        return Arbitraries.strings().withChars("ab1_./ [").ofMaxLength(14);
    }
}

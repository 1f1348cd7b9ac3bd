package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which encoding fpsctl takes for its standard streams: the one the JVM gave its own PrintStream. */
class StandardOutputCharsetTest {

    /** JDK 17's reading: the console's {@code sun.stderr.encoding} when set, else the default charset. */
    @Test
    void jdk17ReadsTheConsolePropertyOfThatStream() {
        Map<String, String> console = Map.of("sun.stdout.encoding", "MS932", "sun.stderr.encoding", "IBM850");
        assertEquals(Charset.forName("MS932"), StandardOutput.charset(console::get, "stdout"));
        assertEquals(Charset.forName("IBM850"), StandardOutput.charset(console::get, "stderr"));
        Map<String, String> unknown = Map.of("sun.stdout.encoding", "no-such-charset");
        assertEquals(Charset.defaultCharset(), StandardOutput.charset(unknown::get, "stdout"));
        assertEquals(Charset.defaultCharset(), StandardOutput.charset(Map.<String, String>of()::get, "stdout"));
    }

    /**
     * On JDK 18+ the stream's own charset decides (the JVM built it from {@code stdout.encoding}); on JDK 17, where a
     * PrintStream cannot say, the properties do. Either way a stream built on KOI8-R is not read as something else
     * when the runtime can tell.
     */
    @Test
    void theStreamsOwnCharsetWinsWhereTheRuntimeKnowsIt() throws Exception {
        PrintStream koi8 = new PrintStream(new ByteArrayOutputStream(), true, "KOI8-R");
        boolean jdk18 = Runtime.version().feature() >= 18;
        Charset expected = jdk18 ? Charset.forName("KOI8-R") : StandardOutput.charset(System::getProperty, "stdout");
        assertEquals(expected, StandardOutput.charset(koi8, "stdout"));
    }
}

package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayerRankerTest {

    private static final String BLAST = "list__smart-test-ti_SoloX__issue249_android12plus_BLAST_grep.txt";
    private static final String MEIZU = "list__smart-test-ti_SoloX__issue121_meizu17_android10_grep.txt";
    private static final String ANGRY_BIRDS = "list__ARM-software_workload-automation__faq_angrybirdsrio_excerpt.txt";

    private static List<String> listOf(String fixture) throws Exception {
        try (Reader in = RealFixtures.reader(fixture)) {
            return LayerList.parse(in);
        }
    }

    /** Android 6/7 print a SurfaceView's layer as plain {@code SurfaceView}: ranked after titled ones, before the window. */
    @Test
    void android7_untitledSurfaceViewBeforeTheAppWindow() {
        List<String> names = List.of("com.android.systemui.ImageWallpaper", "com.example.feed/com.example.feed.Main",
                "SurfaceView", "StatusBar", "SurfaceView - com.example.feed/com.example.feed.Other#0");
        assertEquals(List.of("SurfaceView - com.example.feed/com.example.feed.Other#0", "SurfaceView"),
                LayerRanker.rank(names, "com.example.feed").subList(0, 2));
        assertEquals(true, LayerRanker.isSurfaceView("SurfaceView"));
        assertEquals(true, LayerRanker.isSurfaceView("SurfaceView[a/a.B](BLAST)#12"));
        assertEquals(false, LayerRanker.isSurfaceView("com.example.feed/com.example.feed.Main#0"));
    }

    @Test
    void android12Blast_surfaceViewBufferFirstThenTheActivity() throws Exception {
        List<String> names = listOf(BLAST);
        assertEquals(7, names.size());

        List<String> ranked = LayerRanker.rank(names, "com.KST.CS4Like_development");

        assertEquals(List.of(
                "SurfaceView[com.KST.CS4Like_development/com.easy.game.GamePlayerActivity](BLAST)#0",
                "com.KST.CS4Like_development/com.easy.game.GamePlayerActivity#0"), ranked);
    }

    @Test
    void meizuAndroid10_theActivityLayerWithoutHashPrefix() throws Exception {
        List<String> names = listOf(MEIZU);
        assertEquals(3, names.size());

        assertEquals(List.of("com.vispark.chinese/com.vispark.chinese.activity.SparkChineseMainActivity#0"),
                LayerRanker.rank(names, "com.vispark.chinese"));
    }

    @Test
    void angryBirds_legacySurfaceViewFirstThenTheActivity() throws Exception {
        List<String> names = listOf(ANGRY_BIRDS);
        assertEquals(9, names.size(), "the excerpt's '...' markers are kept as lines");

        assertEquals(List.of(
                "SurfaceView - com.rovio.angrybirdsrio/com.rovio.fusion.App#0",
                "com.rovio.angrybirdsrio/com.rovio.fusion.App#0"), LayerRanker.rank(names, "com.rovio.angrybirdsrio"));
    }

    @Test
    void everyListFixtureIsCovered_andForeignPackagesMatchNothing() throws Exception {
        List<String> fixtures = RealFixtures.namesOfKind("list");
        assertEquals(List.of(ANGRY_BIRDS, MEIZU, BLAST), fixtures);
        for (String fixture : fixtures) {
            assertEquals(List.of(), LayerRanker.rank(listOf(fixture), "com.example"), fixture);
            assertEquals(List.of(), LayerRanker.rank(listOf(fixture), "com"), "a package prefix is not the package");
        }
    }

    @Test
    void android15RequestedLayerStateWrapperIsStripped() {
        String list = """
                RequestedLayerState{Display 0 name="Built-in Screen"#2 z=1}
                RequestedLayerState{ActivityRecord{3c2b1a u0 com.example/.MainActivity t42}#1231 parentId=1230}
                RequestedLayerState{4e4f4c1 com.example/com.example.MainActivity#1233 parentId=1231}
                RequestedLayerState{com.example/com.example.MainActivity#1234 parentId=1233}
                RequestedLayerState{Bounds for - com.example/com.example.MainActivity#1235 parentId=1234 z=-1}
                RequestedLayerState{SurfaceView[com.example/com.example.MainActivity]@0#1240 parentId=1234 relativeParentId=1234 z=-2}
                RequestedLayerState{Background for SurfaceView[com.example/com.example.MainActivity]@0#1241 parentId=1240 z=-2147483648}
                RequestedLayerState{SurfaceView[com.example/com.example.MainActivity]@0(BLAST)#1242 parentId=1240 mirrorId={7,9,} !handle layerStack=3}
                RequestedLayerState{com.example.debug/com.example.debug.Main#1300 parentId=1}
                RequestedLayerState{Splash Screen com.example#1250 parentId=1233
                """;
        List<String> names = LayerList.parse(list);

        assertEquals(List.of(
                "Display 0 name=\"Built-in Screen\"#2",
                "ActivityRecord{3c2b1a u0 com.example/.MainActivity t42}#1231",
                "4e4f4c1 com.example/com.example.MainActivity#1233",
                "com.example/com.example.MainActivity#1234",
                "Bounds for - com.example/com.example.MainActivity#1235",
                "SurfaceView[com.example/com.example.MainActivity]@0#1240",
                "Background for SurfaceView[com.example/com.example.MainActivity]@0#1241",
                "SurfaceView[com.example/com.example.MainActivity]@0(BLAST)#1242",
                "com.example.debug/com.example.debug.Main#1300",
                "Splash Screen com.example#1250"), names);
        assertEquals(List.of(
                "SurfaceView[com.example/com.example.MainActivity]@0(BLAST)#1242",
                "com.example/com.example.MainActivity#1234",
                "Splash Screen com.example#1250"), LayerRanker.rank(names, "com.example"));
    }

    @Test
    void rankUnwrapsNamesItself() {
        assertEquals(List.of("com.a/com.a.Main#5"),
                LayerRanker.rank(List.of("RequestedLayerState{com.a/com.a.Main#5 parentId=4}"), "com.a"));
    }

    @Test
    void surfaceViewContainerWithoutBlastChildIsACandidate() {
        List<String> names = List.of(
                "com.a/com.a.Main#0",
                "SurfaceView[com.a/com.a.Main]#0",
                "Background for SurfaceView[com.a/com.a.Main]#0");
        assertEquals(List.of("SurfaceView[com.a/com.a.Main]#0", "com.a/com.a.Main#0"),
                LayerRanker.rank(names, "com.a"));
    }

    @Test
    void android11BlastAppWindowChildBeforeItsContainer() {
        List<String> names = List.of("com.a/com.a.Main#0", "com.a/com.a.Main(BLAST)#0", "a1b2c3d com.a/com.a.Main#0");
        assertEquals(List.of("com.a/com.a.Main(BLAST)#0", "com.a/com.a.Main#0"), LayerRanker.rank(names, "com.a"));
    }

    @Test
    void listOrderIsKeptWithinARankAndDuplicatesDropped() {
        List<String> names = List.of("com.a/com.a.First#3", "com.a/com.a.Second#4", "com.a/com.a.First#3",
                "com.a/com.a.Third$_4711#9");
        assertEquals(List.of("com.a/com.a.First#3", "com.a/com.a.Second#4", "com.a/com.a.Third$_4711#9"),
                LayerRanker.rank(names, "com.a"));
    }

    @Test
    void nothingMatches() {
        assertEquals(List.of(), LayerRanker.rank(List.of(), "com.a"));
        assertEquals(List.of(), LayerRanker.rank(List.of("Background for -SurfaceView - com.a/X#0"), "com.a"));
        assertEquals(List.of(), LayerRanker.rank(List.of("com.a/com.a.Main#0"), " "));
    }

    @Test
    void packageMustBeAWholeName() {
        assertTrue(LayerRanker.mentionsPackage("com.a/com.a.Main#0", "com.a"));
        assertTrue(LayerRanker.mentionsPackage("SurfaceView[com.a/X](BLAST)#1", "com.a"));
        assertTrue(LayerRanker.mentionsPackage("com.a:remote#1", "com.a"));
        assertFalse(LayerRanker.mentionsPackage("com.ab/com.ab.Main#0", "com.a"));
        assertFalse(LayerRanker.mentionsPackage("com.a.debug/com.a.debug.Main#0", "com.a"));
        assertFalse(LayerRanker.mentionsPackage("xcom.a/Y#0", "com.a"));
    }

    @Test
    void layerNameOfPlainAndWrappedLines() {
        assertEquals("com.a/B#1", LayerList.layerName("  com.a/B#1 \r"));
        assertEquals("SurfaceView - com.a/B#0", LayerList.layerName("RequestedLayerState{SurfaceView - com.a/B#0 parentId=3}"));
        assertEquals("x#1", LayerList.layerName("RequestedLayerState{x#1}"));
        assertEquals("", LayerList.layerName("RequestedLayerState{}"));
        assertEquals("", LayerList.layerName("   "));
    }

    @Test
    void crlfListAndBlankLines() {
        assertEquals(List.of("a#0", "b#1"), LayerList.parse("a#0\r\n\r\nb#1\r\n"));
    }
}

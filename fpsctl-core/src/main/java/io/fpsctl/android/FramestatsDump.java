package io.fpsctl.android;

import java.util.List;

/**
 * What a {@code dumpsys gfxinfo <pkg> framestats} dump held besides its frames (which went to the sink).
 *
 * @param blocks        {@code ---PROFILEDATA---} blocks read (header-less row runs count as one each)
 * @param rows          data rows parsed (complete or not)
 * @param malformedRows rows skipped because they did not parse against their header
 * @param windows       window titles in the order their blocks appeared
 * @param columns       the column count of the first block's header, 0 if none
 * @param gfxinfoText   whether the text around the blocks looked like gfxinfo output
 */
public record FramestatsDump(int blocks, long rows, long malformedRows, List<String> windows, int columns,
                             boolean gfxinfoText) {
}

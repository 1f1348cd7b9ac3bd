package io.fpsctl.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Mutants of our own synthetic dumps (the simulator's examples/ captures and fpsctl's frames CSV of them) for the
 * fuzz campaign: byte flips, truncation, huge / negative / INT64_MAX numbers, CRLF, non-UTF-8 bytes, reordered
 * and missing header columns, empty files. Deterministic per seed. {@code main(N, DIR)} writes N mutants for
 * {@code scripts/fuzz-analyze}.
 */
final class DumpMutants {
    private static final String[] NUMBERS = {"-1", "0", "9223372036854775807", "-9223372036854775808",
        "99999999999999999999999", "-5000000000", "4611686018427387904", "1e308", "NaN", "-0", "18446744073709551615",
        "3.5", ""};

    /** Values at and beyond the bounds of what a device reports (docs/metrics.md, "What fpsctl refuses to believe"). */
    private static final String[] EDGES = {"1", "2", "-1", "-2", "0", "999999", "1000000", "1000000000", "1000000001",
        "16666667", "-16666667", "77337215", "4611686018427387904", "9223372036854775807", "0.5", "-0.001", "-5"};

    private final List<byte[]> bases = new ArrayList<>();

    /** Our dumps and, besides them, {@code seeds} (hand-written inputs) as bases. */
    DumpMutants(Path repoRoot, List<byte[]> seeds) throws IOException {
        this(repoRoot);
        bases.addAll(seeds);
    }

    DumpMutants(Path repoRoot) throws IOException {
        byte[] framestats = Files.readAllBytes(repoRoot.resolve("examples/feed-android14-framestats.txt"));
        bases.add(framestats);
        bases.add(Files.readAllBytes(repoRoot.resolve("examples/game-android14-surfaceview-latency.txt")));
        Path tmp = Files.createTempFile("fpsctl-fuzz-base", ".txt");
        try {
            Files.write(tmp, framestats);
            StringWriter csv = new StringWriter();
            Main.run(new String[] {"analyze", tmp.toString(), "--format", "csv"}, new PrintWriter(csv),
                    new PrintWriter(new StringWriter()));
            bases.add(csv.toString().getBytes(StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    int baseCount() {
        return bases.size();
    }

    /**
     * Every single-value mutant of {@code seed} at the bounds, in order: each number of each line, then each column of
     * its comma-separated rows (all rows at once), replaced by each of the values at and beyond the bounds. Meant for
     * small hand-written seeds: a few hundred mutants each, none left to chance.
     */
    static List<byte[]> atBounds(String seed) {
        List<byte[]> out = new ArrayList<>();
        String[] lines = seed.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String[] cells = lines[i].split("(?<=[,\\t])|(?=[,\\t])", -1);
            for (int c = 0; c < cells.length; c++) {
                if (!cells[c].matches("-?[0-9][0-9.]*")) {
                    continue;
                }
                for (String edge : EDGES) {
                    String[] changed = cells.clone();
                    changed[c] = edge;
                    String[] copy = lines.clone();
                    copy[i] = String.join("", changed);
                    out.add(String.join("\n", copy).getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        int columns = 0;
        for (String l : lines) {
            columns = Math.max(columns, l.split(",", -1).length);
        }
        for (int c = 0; c < columns; c++) {
            for (String edge : EDGES) {
                String[] copy = lines.clone();
                boolean changed = false;
                for (int i = 0; i < copy.length; i++) {
                    String[] row = copy[i].split(",", -1);
                    if (row.length > c && row[c].matches("-?[0-9][0-9.]*") && copy[i].indexOf(',') >= 0) {
                        row[c] = edge;
                        copy[i] = String.join(",", row);
                        changed = true;
                    }
                }
                if (changed) {
                    out.add(String.join("\n", copy).getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }

    /** The mutant for {@code seed}: one to four mutations of one base dump. */
    byte[] mutant(long seed) {
        Random r = new Random(seed);
        byte[] b = bases.get(r.nextInt(bases.size())).clone();
        int mutations = 1 + r.nextInt(4);
        for (int i = 0; i < mutations; i++) {
            b = mutate(b, r);
        }
        return b;
    }

    private static byte[] mutate(byte[] b, Random r) {
        if (b.length == 0) {
            return b;
        }
        switch (r.nextInt(14)) {
            case 0: { // byte flips
                int n = 1 + r.nextInt(8);
                for (int i = 0; i < n; i++) {
                    b[r.nextInt(b.length)] = (byte) r.nextInt(256);
                }
                return b;
            }
            case 1: // truncation
                return Arrays.copyOf(b, r.nextInt(b.length));
            case 2: // a number replaced by a huge, negative or odd one
                return replaceNumber(b, r, NUMBERS[r.nextInt(NUMBERS.length)]);
            case 3: // CRLF line ends
                return text(b).replace("\n", "\r\n").getBytes(StandardCharsets.ISO_8859_1);
            case 4: { // non-UTF-8 bytes
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                int at = r.nextInt(b.length);
                o.write(b, 0, at);
                o.writeBytes(new byte[] {(byte) 0xc3, (byte) 0x28, (byte) 0xff, (byte) 0xfe, (byte) 0x80});
                o.write(b, at, b.length - at);
                return o.toByteArray();
            }
            case 5: // header columns reordered
                return header(b, r, true);
            case 6: // a header column missing
                return header(b, r, false);
            case 7: // empty file
                return new byte[0];
            case 8: { // a line repeated (duplicates, overflow-like rings)
                List<String> lines = new ArrayList<>(Arrays.asList(text(b).split("\n", -1)));
                int i = r.nextInt(lines.size());
                for (int k = 0; k < 1 + r.nextInt(200); k++) {
                    lines.add(i, lines.get(i));
                }
                return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
            }
            case 9: // a long cell
                return replaceNumber(b, r, "7".repeat(1 + r.nextInt(100_000)));
            case 10: // one cell of one line (any line alike: the period line, a CSV's durationMs) at a bound
                return replaceCell(b, r, EDGES[r.nextInt(EDGES.length)]);
            case 11: // every occurrence of one number, or one column of every row (a block's interval), at a bound
                return r.nextBoolean() ? replaceEverywhere(b, r, EDGES[r.nextInt(EDGES.length)])
                        : replaceColumn(b, r, EDGES[r.nextInt(EDGES.length)]);
            case 12: // a number negated
                return replaceNumber(b, r, "-" + (1 + r.nextInt(1_000_000_000)));
            default: // saved as UTF-16 (Windows PowerShell's '>'), with or without a byte order mark
                return utf16(b, r);
        }
    }

    private static byte[] replaceCell(byte[] b, Random r, String with) {
        String[] lines = text(b).split("\n", -1);
        int i = r.nextInt(lines.length);
        String[] cells = lines[i].split("(?<=[,\\t :])|(?=[,\\t :])", -1); // cells and their separators
        List<Integer> numbers = new ArrayList<>();
        for (int c = 0; c < cells.length; c++) {
            if (cells[c].matches("-?[0-9][0-9.]*")) {
                numbers.add(c);
            }
        }
        if (numbers.isEmpty()) {
            return b;
        }
        cells[numbers.get(r.nextInt(numbers.size()))] = with;
        lines[i] = String.join("", cells);
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Cell {@code c} of every comma-separated line with as many cells as a random line has; half the time a cell that
     * holds a number below 1e9 (where a period, a duration or an id is).
     */
    private static byte[] replaceColumn(byte[] b, Random r, String with) {
        String[] lines = text(b).split("\n", -1);
        String[] picked = lines[r.nextInt(lines.length)].split(",", -1);
        int cells = picked.length;
        if (cells < 3) {
            return b;
        }
        int c = r.nextInt(cells);
        List<Integer> periodLike = new ArrayList<>(); // cells between 0 and 1e9: intervals, durations, ids
        for (int k = 0; k < cells; k++) {
            if (picked[k].matches("[1-9][0-9]{0,8}")) {
                periodLike.add(k);
            }
        }
        if (!periodLike.isEmpty() && r.nextBoolean()) {
            c = periodLike.get(r.nextInt(periodLike.size()));
        }
        for (int i = 0; i < lines.length; i++) {
            String[] row = lines[i].split(",", -1);
            if (row.length == cells && !row[c].isEmpty() && Character.isDigit(row[c].charAt(row[c].length() - 1))) {
                row[c] = with;
                lines[i] = String.join(",", row);
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] replaceEverywhere(byte[] b, Random r, String with) {
        String t = text(b);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?<![0-9.])[0-9]+(?![0-9.])").matcher(t);
        List<String> found = new ArrayList<>();
        while (m.find() && found.size() < 4096) {
            found.add(m.group());
        }
        if (found.isEmpty()) {
            return b;
        }
        String number = found.get(r.nextInt(found.size()));
        return t.replaceAll("(?<![0-9.])" + number + "(?![0-9.])", with).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] utf16(byte[] b, Random r) {
        boolean little = r.nextBoolean();
        byte[] text = new String(b, StandardCharsets.UTF_8).getBytes(little ? StandardCharsets.UTF_16LE
                : StandardCharsets.UTF_16BE);
        if (r.nextBoolean()) {
            return text;
        }
        byte[] marked = new byte[text.length + 2];
        marked[0] = (byte) (little ? 0xFF : 0xFE);
        marked[1] = (byte) (little ? 0xFE : 0xFF);
        System.arraycopy(text, 0, marked, 2, text.length);
        return marked;
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static byte[] replaceNumber(byte[] b, Random r, String with) {
        String t = text(b);
        int start = r.nextInt(t.length());
        while (start < t.length() && !Character.isDigit(t.charAt(start))) {
            start++;
        }
        if (start >= t.length()) {
            return b;
        }
        int end = start;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        return (t.substring(0, start) + with + t.substring(end)).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Swaps two columns of the first header-like line (framestats "Flags,…" or the CSV header), or drops one. */
    private static byte[] header(byte[] b, Random r, boolean swap) {
        String[] lines = text(b).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("Flags,") || lines[i].startsWith("device,")) {
                List<String> cols = new ArrayList<>(Arrays.asList(lines[i].split(",", -1)));
                int a = r.nextInt(cols.size());
                if (swap) {
                    int c = r.nextInt(cols.size());
                    String x = cols.get(a);
                    cols.set(a, cols.get(c));
                    cols.set(c, x);
                } else {
                    cols.remove(a);
                }
                lines[i] = String.join(",", cols);
                break;
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** {@code DumpMutants N DIR [SEED]}: writes N mutants to DIR as m000000.txt … */
    public static void main(String[] args) throws IOException {
        int n = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        long seed0 = args.length > 2 ? Long.parseLong(args[2]) : 1;
        Files.createDirectories(dir);
        DumpMutants m = new DumpMutants(Path.of("."));
        for (int i = 0; i < n; i++) {
            Files.write(dir.resolve(String.format("m%06d.txt", i)), m.mutant(seed0 * 1_000_003L + i));
        }
    }
}

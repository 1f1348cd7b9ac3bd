package io.fpsctl.device;

import dadb.AdbKeyPair;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The user's adb key pair ({@code adbkey}, {@code adbkey.pub}) in the folder adb itself uses:
 * {@code $ANDROID_USER_HOME} when set, else {@code $HOME/.android}, else the account's home directory
 * ({@code user.home}) — the order of adb's {@code adb_get_android_dir_path}. A missing key pair is created as
 * adb would, but owner-only from the start: the folder 0700, the key files 0600. Key files with wider
 * permissions (as earlier fpsctl versions left them) are narrowed to 0600 when read.
 */
public final class AdbKeyFiles {
    static final Set<PosixFilePermission> DIR = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private final Path dir;

    AdbKeyFiles(Path dir) {
        this.dir = dir;
    }

    /** The key folder for this environment ({@link System#getenv()}). */
    public static AdbKeyFiles forUser() {
        return of(System.getenv(), System.getProperty("user.home"));
    }

    /** The key folder adb would use with {@code env} (userHome: the account's home, the last resort). */
    public static AdbKeyFiles of(Map<String, String> env, String userHome) {
        String androidHome = env.get("ANDROID_USER_HOME");
        if (androidHome != null && !androidHome.isEmpty()) {
            return new AdbKeyFiles(Path.of(androidHome));
        }
        String home = env.get("HOME");
        return new AdbKeyFiles(Path.of(home != null && !home.isEmpty() ? home : userHome, ".android"));
    }

    /** The folder holding {@code adbkey}. */
    public Path dir() {
        return dir;
    }

    public Path privateKey() {
        return dir.resolve("adbkey");
    }

    public Path publicKey() {
        return dir.resolve("adbkey.pub");
    }

    /**
     * Reads the key pair, creating it (and its folder) owner-only when missing.
     *
     * @throws DeviceException blame LOCAL_IO when the folder or key cannot be created or read
     */
    public AdbKeyPair load() {
        Path priv = privateKey();
        Path pub = publicKey();
        try {
            if (!Files.exists(priv)) {
                create(priv, pub);
            } else {
                narrow(priv);
                if (Files.exists(pub)) {
                    narrow(pub);
                }
            }
            return Files.exists(pub) ? AdbKeyPair.read(priv.toFile(), pub.toFile()) : AdbKeyPair.read(priv.toFile());
        } catch (IOException e) {
            throw problem(e);
        } catch (RuntimeException e) { // dadb: a key file that is not a PEM key
            throw new DeviceException(DeviceException.Blame.LOCAL_IO, "cannot read the adb key " + priv
                    + ": it is not a valid key; move it away and run again (a new one is created)", e);
        }
    }

    private void create(Path priv, Path pub) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            narrow(dir, DIR);
        } else {
            tighten(dir);
        }
        for (Path p : new Path[] {priv, pub}) {
            try {
                Files.createFile(p, PosixFilePermissions.asFileAttribute(FILE));
            } catch (FileAlreadyExistsException e) {
                narrow(p);
            } catch (UnsupportedOperationException e) {
                Files.createFile(p); // not a POSIX file system (Windows): its ACLs apply
            }
        }
        AdbKeyPair.generate(priv.toFile(), pub.toFile());
        narrow(priv);
        narrow(pub);
    }

    /** Removes group and other permissions from an existing folder (adb creates it 0750). */
    private static void tighten(Path folder) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(folder, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        if (perms.retainAll(DIR)) {
            view.setPermissions(perms);
        }
    }

    private static void narrow(Path file) throws IOException {
        narrow(file, FILE);
    }

    private static void narrow(Path p, Set<PosixFilePermission> wanted) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (view == null || Files.isSymbolicLink(p)) {
            return;
        }
        if (!view.readAttributes().permissions().equals(wanted)) {
            view.setPermissions(wanted);
        }
    }

    private DeviceException problem(IOException e) {
        String where = e instanceof FileSystemException f && f.getFile() != null ? f.getFile() : dir.toString();
        String why = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : "cannot write there";
        return new DeviceException(DeviceException.Blame.LOCAL_IO, "cannot create or read the adb key in " + where
                + " (" + why + "): make the folder writable, or set ANDROID_USER_HOME to a writable folder", e);
    }
}

package navforge;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A navforge venue bundle opened through the C reader (readers/c) and navbundle_jni.c: places
 * searched, what a person types resolved to a node, routes and the nearest exit.
 *
 * <p>The reader keeps per-call state in a bundle, so every method here holds the object's lock:
 * one bundle may be shared by threads, which then take turns. A thread that routes all day is
 * better served by a bundle of its own (opening maps the file and costs little).
 *
 * <p>On Android the bundle must be a file the reader can map: copy it out of the APK's assets
 * once with {@link #install} (readers/README.md, "Android").
 */
public final class NavBundle implements AutoCloseable {
    static {
        System.loadLibrary("navbundle_jni");
    }

    /** Why the reader failed, from its status (readers/c/navbundle.h). */
    public enum Reason {
        /** The file cannot be opened or mapped. */
        IO,
        /** Not a bundle, a version this reader does not read, or damaged: download it again. */
        FORMAT,
        /** The file's or a section's bytes do not match their checksum: download it again. */
        CHECKSUM,
        /** The bundle lacks the section the call needs (no egress table, say). */
        UNAVAILABLE,
        /** A text names no place or position, or several: show the message to the person who typed it. */
        ENDPOINT,
        /** A guidance language the bundle does not have: the message lists those it has. */
        LANGUAGE,
        /** Anything else the reader reports. */
        OTHER
    }

    /** A failure of the reader, with its message, which names the file and the section. */
    public static final class BundleException extends Exception {
        private static final long serialVersionUID = 1L;

        public final Reason reason;

        public BundleException(Reason reason, String message) {
            super(message);
            this.reason = reason;
        }
    }

    /** A place found by {@link #search}: its index and the field that matched (0 ref, 1 name, 2 later word of the name, 3 category, 4 alias). */
    public static final class Match {
        public final int place;
        public final int field;

        Match(int place, int field) {
            this.place = place;
            this.field = field;
        }
    }

    /** A route: its duration (ETA) in milliseconds and its nodes, source first. */
    public static final class Route {
        public final long milliseconds;
        public final int[] nodes;

        Route(long milliseconds, int[] nodes) {
            this.milliseconds = milliseconds;
            this.nodes = nodes;
        }
    }

    /** One maneuver of turn-by-turn guidance: what to say, and the distance to the next said aloud (null for the last). */
    public static final class Turn {
        public final String instruction;
        public final String then;

        Turn(String instruction, String then) {
            this.instruction = instruction;
            this.then = then;
        }
    }

    /** The way out: the exit node, the milliseconds to it and the nodes from the start to it. */
    public static final class Exit {
        public final int node;
        public final long milliseconds;
        public final int[] nodes;

        Exit(int node, long milliseconds, int[] nodes) {
            this.node = node;
            this.milliseconds = milliseconds;
            this.nodes = nodes;
        }
    }

    private long handle;

    private NavBundle(long handle) {
        this.handle = handle;
    }

    /**
     * Opens and maps the bundle at {@code path}. {@code verifyChecksums} reads every byte to check
     * the file's and each section's SHA-256: do it once, after a download or {@link #install}.
     */
    public static NavBundle open(String path, boolean verifyChecksums) throws BundleException {
        return new NavBundle(nativeOpen(utf8(path), verifyChecksums));
    }

    /**
     * Copies a bundle from {@code source} (on Android, {@code context.getAssets().open(NAME)}) to
     * {@code target} (a file in {@code context.getFilesDir()}) unless it is there already, and
     * closes {@code source}. Name the target by the bundle's version, so that an app update
     * carrying a new bundle copies it. The copy is written beside the target and renamed, so a
     * copy cut short by a crash is never taken for a bundle.
     */
    public static File install(InputStream source, File target) throws IOException {
        try (InputStream in = source) {
            if (target.isFile()) return target;
            File partial = new File(target.getPath() + ".partial");
            try (FileOutputStream out = new FileOutputStream(partial)) {
                byte[] buffer = new byte[1 << 16];
                for (int read; (read = in.read(buffer)) > 0; ) out.write(buffer, 0, read);
                out.getFD().sync();
            }
            if (!partial.renameTo(target)) {
                partial.delete();
                throw new IOException("cannot rename " + partial + " to " + target);
            }
            return target;
        }
    }

    /** Unmaps the bundle; later calls throw IllegalStateException. */
    @Override
    public synchronized void close() {
        if (handle != 0) {
            nativeClose(handle);
            handle = 0;
        }
    }

    /** The index of the profile named {@code name} ("foot", "wheelchair", ...). */
    public synchronized int profile(String name) {
        return nativeProfile(open(), utf8(name));
    }

    /** Up to {@code limit} places whose ref, name, later word of the name, category or alias starts with {@code text}, best first. */
    public synchronized Match[] search(String text, int limit) throws BundleException {
        int[] pairs = nativeSearch(open(), utf8(text), limit);
        Match[] matches = new Match[pairs.length / 2];
        for (int i = 0; i < matches.length; i++) matches[i] = new Match(pairs[2 * i], pairs[2 * i + 1]);
        return matches;
    }

    /**
     * The node a route of {@code profile} starts or ends at for what a person typed: a ref
     * ("A.2.04"), a name or alias, name@level, or LAT,LON@level (docs/endpoints.md); -1 when the
     * place is not on that profile's graph. Throws when the text names no single place.
     */
    public synchronized int endpointNode(String text, int profile) throws BundleException {
        return nativeEndpointNode(open(), utf8(text), profile);
    }

    /** The fastest route from node {@code from} to node {@code to}, or null when there is none. */
    public synchronized Route route(int profile, int from, int to) throws BundleException {
        long[] values = nativeRoute(open(), profile, from, to);
        return values == null ? null : new Route(values[0], nodes(values, 1));
    }

    /**
     * The route's maneuvers in words in {@code language}, a code of the bundle's (de, en, es, fr),
     * rendered by the reader from the bundle's templates as every reader renders them; null when
     * there is no route. A language the bundle lacks throws with {@link Reason#LANGUAGE}.
     */
    public synchronized Turn[] guidance(int profile, int from, int to, String language) throws BundleException {
        byte[][] texts = nativeGuidance(open(), profile, from, to, utf8(language));
        if (texts == null) return null;
        Turn[] turns = new Turn[texts.length / 2];
        for (int i = 0; i < turns.length; i++) {
            String then = new String(texts[2 * i + 1], StandardCharsets.UTF_8);
            turns[i] = new Turn(new String(texts[2 * i], StandardCharsets.UTF_8), i + 1 < turns.length ? then : null);
        }
        return turns;
    }

    /** The nearest exit from {@code node} by the bundle's egress table, or null when none can be reached. */
    public synchronized Exit nearestExit(int profile, int node) throws BundleException {
        long[] values = nativeNearestExit(open(), profile, node);
        return values == null ? null : new Exit((int) values[0], values[1], nodes(values, 2));
    }

    private long open() {
        if (handle == 0) throw new IllegalStateException("the bundle is closed");
        return handle;
    }

    private static int[] nodes(long[] values, int from) {
        int[] nodes = new int[values.length - from];
        for (int i = 0; i < nodes.length; i++) nodes[i] = (int) values[from + i];
        return nodes;
    }

    // The reader's statuses (nb_status in readers/c/navbundle.h) and navbundle_jni.c's own.
    private static final int IO = 1, FORMAT = 2, CHECKSUM = 3, ARGUMENT = 4, MEMORY = 5, UNAVAILABLE = 6, LANGUAGE = 8,
            ENDPOINT = 100;

    /**
     * The exception for a failure of the reader: called from navbundle_jni.c, which throws what
     * this returns. The message arrives as the reader's UTF-8, which JNI's own ThrowNew would read
     * as modified UTF-8.
     */
    static Throwable failure(int status, byte[] message) {
        String text = new String(message, StandardCharsets.UTF_8);
        switch (status) {
            case ARGUMENT: return new IllegalArgumentException(text);
            case MEMORY: return new OutOfMemoryError(text);
            case IO: return new BundleException(Reason.IO, text);
            case FORMAT: return new BundleException(Reason.FORMAT, text);
            case CHECKSUM: return new BundleException(Reason.CHECKSUM, text);
            case UNAVAILABLE: return new BundleException(Reason.UNAVAILABLE, text);
            case ENDPOINT: return new BundleException(Reason.ENDPOINT, text);
            case LANGUAGE: return new BundleException(Reason.LANGUAGE, text);
            default: return new BundleException(Reason.OTHER, text);
        }
    }

    /** Standard UTF-8, which the reader reads; JNI's own string conversion is modified UTF-8. */
    private static byte[] utf8(String text) {
        if (text == null) throw new NullPointerException("text is null");
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static native long nativeOpen(byte[] path, boolean verifyChecksums) throws BundleException;

    private static native void nativeClose(long handle);

    private static native int nativeProfile(long handle, byte[] name);

    private static native int[] nativeSearch(long handle, byte[] query, int limit) throws BundleException;

    private static native int nativeEndpointNode(long handle, byte[] text, int profile) throws BundleException;

    private static native long[] nativeRoute(long handle, int profile, int from, int to) throws BundleException;

    private static native long[] nativeNearestExit(long handle, int profile, int node) throws BundleException;

    private static native byte[][] nativeGuidance(long handle, int profile, int from, int to, byte[] language)
            throws BundleException;
}

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * VerifyStatement PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: checks a version `navforge publish
 * --sign-key` published, with java.security alone (Ed25519 from Java 15, Android 13 / API 33):
 * the signature over the statement's exact bytes with the public key (PEM), then that the bundle
 * has the size and SHA-256 the statement names. Prints the line the C examples print, or
 * "error: ..." and exits 1.
 */
public final class VerifyStatement {
    private VerifyStatement() {}

    /** The PEM's DER is a SubjectPublicKeyInfo, which X509EncodedKeySpec takes as it is. */
    static PublicKey publicKey(String pem) throws GeneralSecurityException {
        String body = pem.replace("-----BEGIN PUBLIC KEY-----", "").replace("-----END PUBLIC KEY-----", "");
        byte[] der = Base64.getMimeDecoder().decode(body);
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
    }

    static boolean signatureMatches(PublicKey key, byte[] statement, byte[] signature) throws GeneralSecurityException {
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(key);
        verifier.update(statement);
        try {
            return verifier.verify(signature);
        } catch (SignatureException malformed) { // a signature of another length
            return false;
        }
    }

    /** A field of a statement navforge wrote (compact JSON, sorted keys): safe to read this way
     * only once the signature says navforge wrote it. */
    static String field(String statement, String name) throws IOException {
        Matcher match = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|([0-9]+))").matcher(statement);
        if (!match.find()) throw new IOException("the statement is not a navforge-statement/1");
        return match.group(2) != null ? match.group(2) : match.group(3);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: VerifyStatement PUBLIC_KEY STATEMENT SIGNATURE BUNDLE");
            System.exit(64);
        }
        try {
            PublicKey key;
            try {
                key = publicKey(Files.readString(Path.of(args[0]), StandardCharsets.US_ASCII));
            } catch (GeneralSecurityException | IllegalArgumentException notEd25519) {
                throw new IOException("not an Ed25519 public key: " + args[0]);
            }
            byte[] statement = Files.readAllBytes(Path.of(args[1]));
            if (!signatureMatches(key, statement, Files.readAllBytes(Path.of(args[2])))) {
                throw new IOException("the signature does not match the statement and key");
            }
            String text = new String(statement, StandardCharsets.UTF_8);
            if (!field(text, "format").equals("navforge-statement/1")) {
                throw new IOException("the statement is not a navforge-statement/1");
            }
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            long size = 0;
            byte[] buffer = new byte[1 << 16];
            try (InputStream bundle = Files.newInputStream(Path.of(args[3]))) {
                for (int read; (read = bundle.read(buffer)) > 0; size += read) sha256.update(buffer, 0, read);
            }
            StringBuilder hex = new StringBuilder();
            for (byte b : sha256.digest()) hex.append(String.format("%02x", b));
            if (size != Long.parseLong(field(text, "size")) || !hex.toString().equals(field(text, "sha256"))) {
                throw new IOException("the file is not the bundle that was signed: " + args[3]);
            }
            System.out.printf("verified %s %s: %s, %d bytes, SHA-256 %s%n", field(text, "venue"), field(text, "version"),
                              field(text, "bundle"), size, hex);
        } catch (IOException | GeneralSecurityException error) {
            System.err.println("error: " + error.getMessage());
            System.exit(1);
        }
    }
}

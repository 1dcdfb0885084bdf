/* verify_sodium PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: what verify_openssl.c checks, with
 * libsodium, which takes the raw 32-byte key: the PEM's DER is RFC 8410's fixed 12-byte prefix and
 * the key, so the prefix is checked and cut off. Prints the same line, or "error: ..." and exits 1.
 * Compile: cc -std=c99 verify_sodium.c -lsodium */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char SPKI_PREFIX[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

/* The whole file, NUL-terminated. */
static unsigned char *read_all(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    unsigned char *bytes = NULL;
    long length;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) == 0 && (length = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0
        && (bytes = malloc((size_t)length + 1)) != NULL && fread(bytes, 1, (size_t)length, file) == (size_t)length) {
        bytes[length] = 0;
        *size = (size_t)length;
    } else {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    return bytes;
}

/* The text after `"name":` in a statement navforge wrote, once its signature is checked. */
static const char *field(const unsigned char *statement, const char *name) {
    char key[32];
    const char *at;
    snprintf(key, sizeof key, "\"%s\":", name);
    at = strstr((const char *)statement, key);
    return at ? at + strlen(key) : NULL;
}

/* The raw Ed25519 key in a PEM public key file; 0 on success. */
static int public_key(const char *path, unsigned char key[crypto_sign_PUBLICKEYBYTES]) {
    size_t size = 0, der_size = 0;
    unsigned char *pem = read_all(path, &size), der[64];
    const char *begin = pem ? strstr((char *)pem, "-----BEGIN PUBLIC KEY-----") : NULL;
    const char *end = begin ? strstr(begin, "-----END PUBLIC KEY-----") : NULL;
    int found = -1;
    if (end) {
        begin += strlen("-----BEGIN PUBLIC KEY-----");
        if (sodium_base642bin(der, sizeof der, begin, (size_t)(end - begin), "\r\n", &der_size, NULL,
                              sodium_base64_VARIANT_ORIGINAL) == 0
            && der_size == sizeof SPKI_PREFIX + crypto_sign_PUBLICKEYBYTES && memcmp(der, SPKI_PREFIX, sizeof SPKI_PREFIX) == 0) {
            memcpy(key, der + sizeof SPKI_PREFIX, crypto_sign_PUBLICKEYBYTES);
            found = 0;
        }
    }
    free(pem);
    return found;
}

/* The SHA-256 of a file in hex and its size, hashed as it is read; 0 on success. */
static int file_sha256(const char *path, char hex[2 * crypto_hash_sha256_BYTES + 1], size_t *size) {
    FILE *file = fopen(path, "rb");
    crypto_hash_sha256_state state;
    unsigned char buffer[65536], digest[crypto_hash_sha256_BYTES];
    size_t read;
    int failed;
    *size = 0;
    if (!file) return -1;
    crypto_hash_sha256_init(&state);
    while ((read = fread(buffer, 1, sizeof buffer, file)) > 0) {
        crypto_hash_sha256_update(&state, buffer, read);
        *size += read;
    }
    failed = ferror(file);
    fclose(file);
    crypto_hash_sha256_final(&state, digest);
    sodium_bin2hex(hex, 2 * crypto_hash_sha256_BYTES + 1, digest, sizeof digest);
    return failed ? -1 : 0;
}

int main(int argc, char **argv) {
    size_t statement_size = 0, signature_size = 0, bundle_size = 0;
    unsigned char key[crypto_sign_PUBLICKEYBYTES], *statement, *signature;
    const char *error = NULL, *format, *venue, *version, *name, *size, *sha256;
    char hex[2 * crypto_hash_sha256_BYTES + 1];

    if (argc != 5) {
        fprintf(stderr, "usage: verify_sodium PUBLIC_KEY STATEMENT SIGNATURE BUNDLE\n");
        return 64;
    }
    if (sodium_init() < 0) {
        fprintf(stderr, "error: libsodium cannot start\n");
        return 1;
    }
    statement = read_all(argv[2], &statement_size);
    signature = read_all(argv[3], &signature_size);
    if (!statement || !signature) {
        error = "cannot read the statement or its signature";
    } else if (public_key(argv[1], key) != 0) {
        error = "not an Ed25519 public key";
    } else if (signature_size != crypto_sign_BYTES || crypto_sign_verify_detached(signature, statement, statement_size, key) != 0) {
        error = "the signature does not match the statement and key";
    } else if (!(format = field(statement, "format")) || strncmp(format, "\"navforge-statement/1\"", 22) != 0
               || !(venue = field(statement, "venue")) || !(version = field(statement, "version"))
               || !(name = field(statement, "bundle")) || !(size = field(statement, "size"))
               || !(sha256 = field(statement, "sha256"))) {
        error = "the statement is not a navforge-statement/1";
    } else if (file_sha256(argv[4], hex, &bundle_size) != 0) {
        error = "cannot read the bundle";
    } else if (strtoull(size, NULL, 10) != (unsigned long long)bundle_size || strncmp(sha256 + 1, hex, 64) != 0) {
        error = "the file is not the bundle that was signed";
    } else {
        printf("verified %.*s %.*s: %.*s, %zu bytes, SHA-256 %s\n", (int)strcspn(venue + 1, "\""), venue + 1,
               (int)strcspn(version + 1, "\""), version + 1, (int)strcspn(name + 1, "\""), name + 1, bundle_size, hex);
    }
    free(statement);
    free(signature);
    if (error) fprintf(stderr, "error: %s\n", error);
    return error ? 1 : 0;
}

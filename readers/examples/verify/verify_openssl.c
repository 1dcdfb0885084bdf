/* verify_openssl PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: checks a version `navforge publish
 * --sign-key` published, with OpenSSL's libcrypto (1.1.1 or later): the Ed25519 signature
 * (statement.sig) over the statement's exact bytes (statement.json) with the public key (PEM),
 * then that the bundle file has the size and SHA-256 the statement names. Prints
 * "verified VENUE VERSION: FILE, SIZE bytes, SHA-256 HEX", or "error: ..." and exits 1.
 * Compile: cc -std=c99 verify_openssl.c -lcrypto */
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file, NUL-terminated (the statement is read as text once it is verified). */
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

/* The text after `"name":` in a statement navforge wrote (compact JSON, sorted keys), or NULL.
 * Reading it this way is safe only because the signature already says navforge wrote it. */
static const char *field(const unsigned char *statement, const char *name) {
    char key[32];
    const char *at;
    snprintf(key, sizeof key, "\"%s\":", name);
    at = strstr((const char *)statement, key);
    return at ? at + strlen(key) : NULL;
}

/* Whether `signature` is the Ed25519 signature of `statement` by the key in PEM file `key_path`:
 * 1 yes, 0 no, -1 when the file holds no Ed25519 public key. */
static int signature_matches(const char *key_path, const unsigned char *statement, size_t statement_size,
                             const unsigned char *signature, size_t signature_size) {
    FILE *file = fopen(key_path, "r");
    EVP_PKEY *key = file ? PEM_read_PUBKEY(file, NULL, NULL, NULL) : NULL;
    EVP_MD_CTX *context;
    int valid;
    if (file) fclose(file);
    if (!key || EVP_PKEY_id(key) != EVP_PKEY_ED25519) {
        EVP_PKEY_free(key);
        return -1;
    }
    /* Ed25519 signs the message itself: no digest is named, and EVP_DigestVerify takes it whole. */
    context = EVP_MD_CTX_new();
    valid = context && signature_size == 64 && EVP_DigestVerifyInit(context, NULL, NULL, NULL, key) == 1
        && EVP_DigestVerify(context, signature, signature_size, statement, statement_size) == 1;
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    return valid;
}

/* The SHA-256 of a file in hex and its size, hashed as it is read (a city's bundle is tens of
 * megabytes); 0 on success. */
static int file_sha256(const char *path, char hex[65], size_t *size) {
    FILE *file = fopen(path, "rb");
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    unsigned char buffer[65536], digest[32];
    size_t read;
    int i, ok = file && context && EVP_DigestInit_ex(context, EVP_sha256(), NULL) == 1;
    *size = 0;
    while (ok && (read = fread(buffer, 1, sizeof buffer, file)) > 0) {
        ok = EVP_DigestUpdate(context, buffer, read) == 1;
        *size += read;
    }
    ok = ok && !ferror(file) && EVP_DigestFinal_ex(context, digest, NULL) == 1;
    for (i = 0; ok && i < 32; i++) sprintf(hex + 2 * i, "%02x", digest[i]);
    if (file) fclose(file);
    EVP_MD_CTX_free(context);
    return ok ? 0 : -1;
}

int main(int argc, char **argv) {
    size_t statement_size = 0, signature_size = 0, bundle_size = 0;
    unsigned char *statement, *signature;
    const char *error = NULL, *format, *venue, *version, *name, *size, *sha256;
    char hex[65];
    int matches;

    if (argc != 5) {
        fprintf(stderr, "usage: verify_openssl PUBLIC_KEY STATEMENT SIGNATURE BUNDLE\n");
        return 64;
    }
    statement = read_all(argv[2], &statement_size);
    signature = read_all(argv[3], &signature_size);
    if (!statement || !signature) {
        error = "cannot read the statement or its signature";
    } else if ((matches = signature_matches(argv[1], statement, statement_size, signature, signature_size)) < 0) {
        error = "not an Ed25519 public key";
    } else if (!matches) {
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

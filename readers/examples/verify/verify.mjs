// node verify.mjs PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: what the other examples here check, with
// the JavaScript reader (WebCrypto's Ed25519 and SHA-256), which also requires the bundle's META
// to name the signed venue and version. Prints their line, or "error: ..." and exits 1.
import { readFile } from 'node:fs/promises';
import { verifyStatement } from '../../js/navbundle.mjs';

const paths = process.argv.slice(2);
if (paths.length !== 4) {
  console.error('usage: node verify.mjs PUBLIC_KEY STATEMENT SIGNATURE BUNDLE');
  process.exit(64);
}
try {
  const [publicKey, statement, signature, bundle] = await Promise.all([readFile(paths[0], 'utf8'), ...paths.slice(1).map((path) => readFile(path))]);
  const signed = await verifyStatement({ publicKey, statement, signature, bundle, checkMetadata: true });
  console.log(`verified ${signed.venue} ${signed.version}: ${signed.bundle}, ${signed.size} bytes, SHA-256 ${signed.sha256}`);
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(1);
}

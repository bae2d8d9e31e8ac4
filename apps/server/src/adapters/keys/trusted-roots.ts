import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The certificates of a PEM bundle file (a trust list or national roots, docs/features.md
 * "Verify"), as DER; none without a file. Read once at start: a bundle that does not read or
 * holds something that is not a certificate stops the server rather than trusting less silently.
 */
export function readRootsFile(file: string | null): Uint8Array[] {
  if (!file) return [];
  const pem = readFileSync(file, 'utf8');
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    try {
      return new Uint8Array(new X509Certificate(block).raw);
    } catch {
      throw new Error(`${file}: a certificate of the bundle does not read`);
    }
  });
}

// Secrets at rest (the agent servers' auth tokens): AES-256-GCM under a key derived (HKDF-SHA256) from the
// configured key material, a fresh 96-bit IV per value, and associated data binding each ciphertext to its
// row, so a value copied into another row (or workspace) does not decrypt. Plaintexts never leave through
// logs or API responses; only the holder of the key material can read them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  /** The sealed form stored in the database: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the value was sealed under another key or context, or was altered. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
// The full GCM tag, required on open: without the pin, Node accepts a tag cut down to 4 bytes, and a short
// tag is far easier to forge.
const TAG_BYTES = 16;

export function createSecretBox(keyMaterial: Uint8Array): SecretBox {
  if (keyMaterial.length < 32) throw new Error('The secret key needs at least 32 bytes');
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'kws', 'kws secrets at rest v1', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

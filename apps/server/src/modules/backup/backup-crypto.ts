import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, type CipherGCM, type DecipherGCM } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../lib/app-error.ts';

/**
 * Backup archives at rest: AES-256-GCM over the whole .tar.gz, streamed.
 *
 *   magic "VZBK" (4) | version 1 (1) | key id (8) | salt (16) | nonce (12) | ciphertext | GCM tag (16)
 *
 * Each archive gets its own key, HKDF-SHA256(master key, salt), so a nonce never repeats under one
 * key. The header is the cipher's associated data: altering any byte of it, the body or the tag fails
 * the tag check at the end. The key id (an HMAC of a constant under the master key) tells a wrong
 * key apart from a damaged file before anything is decrypted.
 */
const MAGIC = Buffer.from('VZBK');
const VERSION = 1;
const KEY_ID_BYTES = 8;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const BACKUP_HEADER_BYTES = MAGIC.length + 1 + KEY_ID_BYTES + SALT_BYTES + NONCE_BYTES;

export const BACKUP_CRYPTO_MESSAGES = {
  notEncrypted: 'Este arquivo não é um backup criptografado do Viabiliza (backups sem criptografia não são restaurados).',
  unknownVersion: 'Versão de criptografia de backup desconhecida.',
  wrongKey:
    'A chave de criptografia não confere com a deste backup: restaure com a mesma chave (BACKUP_ENCRYPTION_KEY ou o arquivo backup-key do DATA_DIR) usada para criá-lo.',
  tampered: 'Backup corrompido ou alterado: a verificação de integridade da criptografia falhou.',
  truncated: 'Backup incompleto: o arquivo terminou antes do fim.',
} as const;

export interface BackupKey {
  key: Buffer;
  /** Hex of the key id: names the key on the page without revealing it. */
  fingerprint: string;
  /** From BACKUP_ENCRYPTION_KEY, or generated into DATA_DIR/backup-key. */
  source: 'env' | 'generated';
  /** The generated key's file (absent when it comes from the environment). */
  file?: string;
}

/** 64 hexadecimal characters or base64/base64url of 32 bytes (env.ts checks the shape at boot). */
export function decodeBackupKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('BACKUP_ENCRYPTION_KEY deve ter 32 bytes');
  return key;
}

export const encodeBackupKey = (key: Buffer) => key.toString('base64');

function keyId(key: Buffer): Buffer {
  return createHmac('sha256', key).update('viabiliza-backup-key-id').digest().subarray(0, KEY_ID_BYTES);
}

function archiveKey(master: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', master, salt, 'viabiliza-backup/1', 32));
}

const keys = new Map<string, BackupKey>();

/** True while the bytes seen so far could still be the start of MAGIC. */
function startsLikeMagic(bytes: Buffer): boolean {
  const n = Math.min(bytes.length, MAGIC.length);
  return bytes.subarray(0, n).equals(MAGIC.subarray(0, n));
}

/**
 * BACKUP_ENCRYPTION_KEY, or a key generated once into DATA_DIR/backup-key (like AUTH_SECRET), so
 * backups are encrypted from the first one without any setup. Read once per process.
 */
export function resolveBackupKey(config: { backupEncryptionKey?: string; dataDir: string }): BackupKey {
  const cacheKey = `${config.dataDir}\0${config.backupEncryptionKey ?? ''}`;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  let resolved: BackupKey;
  if (config.backupEncryptionKey) {
    const key = decodeBackupKey(config.backupEncryptionKey);
    resolved = { key, fingerprint: keyId(key).toString('hex'), source: 'env' };
  } else {
    const file = join(config.dataDir, 'backup-key');
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      try {
        // 'wx': two processes sharing DATA_DIR never overwrite each other's key.
        writeFileSync(file, encodeBackupKey(randomBytes(32)), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    const key = decodeBackupKey(readFileSync(file, 'utf8').trim());
    resolved = { key, fingerprint: keyId(key).toString('hex'), source: 'generated', file };
  }
  keys.set(cacheKey, resolved);
  return resolved;
}

/** Encrypts what is written through it; the header leads, the tag ends the output. */
export function encryptStream(master: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), keyId(master), salt, nonce]);
  const cipher = createCipheriv('aes-256-gcm', archiveKey(master, salt), nonce) as CipherGCM;
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!started) {
        started = true;
        this.push(header);
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(header);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * Decrypts an archive written by encryptStream. Plaintext flows out as it is decrypted, so a reader
 * must not act on it until this stream has ended without error: the tag is checked at the end.
 */
export function decryptStream(master: Buffer): Transform {
  let header: Buffer | null = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  // The last TAG_BYTES seen so far: they are the tag if the input ends here.
  let tail = Buffer.alloc(0);
  const fail = (message: string) => new AppError('VALIDATION', message);

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let data = chunk;
      if (header) {
        header = Buffer.concat([header, data]);
        if (header.length < BACKUP_HEADER_BYTES) {
          return done(startsLikeMagic(header) ? undefined : fail(BACKUP_CRYPTO_MESSAGES.notEncrypted));
        }
        const h: Buffer = header.subarray(0, BACKUP_HEADER_BYTES);
        data = header.subarray(BACKUP_HEADER_BYTES);
        header = null;
        if (!startsLikeMagic(h)) return done(fail(BACKUP_CRYPTO_MESSAGES.notEncrypted));
        if (h[MAGIC.length] !== VERSION) return done(fail(BACKUP_CRYPTO_MESSAGES.unknownVersion));
        let at = MAGIC.length + 1;
        const id = h.subarray(at, (at += KEY_ID_BYTES));
        if (!id.equals(keyId(master))) return done(fail(BACKUP_CRYPTO_MESSAGES.wrongKey));
        const salt = h.subarray(at, (at += SALT_BYTES));
        const nonce = h.subarray(at, (at += NONCE_BYTES));
        decipher = createDecipheriv('aes-256-gcm', archiveKey(master, salt), nonce) as DecipherGCM;
        decipher.setAAD(h);
      }
      const all = tail.length ? Buffer.concat([tail, data]) : data;
      const cut = Math.max(0, all.length - TAG_BYTES);
      tail = Buffer.from(all.subarray(cut));
      done(null, cut ? decipher!.update(all.subarray(0, cut)) : undefined);
    },
    flush(done: TransformCallback) {
      if (header) return done(fail(startsLikeMagic(header) ? BACKUP_CRYPTO_MESSAGES.truncated : BACKUP_CRYPTO_MESSAGES.notEncrypted));
      if (tail.length < TAG_BYTES) return done(fail(BACKUP_CRYPTO_MESSAGES.truncated));
      try {
        decipher!.setAuthTag(tail);
        done(null, decipher!.final());
      } catch {
        done(fail(BACKUP_CRYPTO_MESSAGES.tampered));
      }
    },
  });
}

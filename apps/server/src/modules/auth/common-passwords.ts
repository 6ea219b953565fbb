import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The 10 000 most common leaked passwords, in frequency order, from the list zxcvbn ships
 * (@zxcvbn-ts/language-common 4.1.3, MIT, derived from public password dumps). The file sits beside
 * this module and beside the bundle (scripts/build.ts copies it). Compared case-insensitively:
 * 'Password1' passes the complexity rule but is 'password1' of the list.
 */
const FILE = 'common-passwords.txt';
export const LEAKED_PASSWORD_MESSAGE = 'Esta senha aparece em listas de senhas vazadas. Escolha outra senha.';

let list: Set<string> | null = null;

function load(): Set<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = join(here, FILE);
  if (!existsSync(path)) throw new Error(`Lista de senhas vazadas não encontrada em ${path}`);
  return new Set(readFileSync(path, 'utf8').split('\n').filter(Boolean));
}

export function commonPasswordCount(): number {
  list ??= load();
  return list.size;
}

export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}

import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import { PASSWORD_COMPOSITION_MESSAGE, PASSWORD_MAX, PASSWORD_MIN, passwordStrength, type PasswordStrength } from './auth.ts';

/**
 * The one rule for a new password (sign-up, reset, change), run by the server, which enforces it,
 * and by the browser's meter, which loads this module on demand (the dictionaries weigh ~1 MB), so
 * the meter never calls 'Forte' a password the server refuses.
 *
 * How guessable a new password is, estimated by zxcvbn-ts (MIT, maintained): the leaked-password
 * list and diceware words of @zxcvbn-ts/language-common, Brazilian names, surnames, common words and
 * Wikipedia words of @zxcvbn-ts/language-pt-br, keyboard patterns, dates, repeats, sequences and
 * l33t, plus the user's own name, e-mail and company.
 *
 * Threshold: a score of 3 of 4 (about 10^8 guesses or more). zxcvbn's scale reads 2 as 'protection
 * from unthrottled online attacks' and 3 as 'moderate protection in an offline slow-hash scenario';
 * sign-in is throttled here, so what the rule guards against is a copy of the database (or of a
 * backup) with its scrypt hashes, which is the case for 3. It turns down 'Senha123!', 'Mudar@123' or
 * 'Maria1980!', and accepts 'Pitanga#Azul7' or a few uncommon words.
 */
export const MIN_PASSWORD_SCORE = 3;

export const LEAKED_PASSWORD_MESSAGE = 'Esta senha aparece em listas de senhas vazadas. Escolha outra senha.';
export const PERSONAL_PASSWORD_MESSAGE = 'A senha não deve conter seu nome, seu e-mail, sua empresa ou o nome Viabiliza. Escolha outra senha.';
export const GUESSABLE_PASSWORD_MESSAGE =
  'Esta senha é fácil de adivinhar (nomes, palavras comuns, datas ou sequências). Use uma senha mais longa ou com palavras incomuns.';

export type PasswordWeakness = { reason: 'LEAKED_PASSWORD' | 'PERSONAL_PASSWORD' | 'WEAK_PASSWORD'; message: string; score: number };

/**
 * Bounds on the work per check, which runs on the event loop: with the defaults (256 characters,
 * 100 l33t substitutions) a 128-character run of l33t symbols took 2 s of CPU. Only the first 40
 * characters are weighed (40 characters that are not guessable already score 4, so what follows can
 * only add strength), and l33t variants stop at 20 substitutions ('P@55w0rd!' is still found):
 * the same run then takes about 0.1 s.
 */
export const CHECKED_LENGTH = 40;
const L33T_SUBSTITUTIONS = 20;

/** The dictionaries take ~150 ms to load: once, on first use. */
let factory: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: ptBr.translations,
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return factory;
}

/** Share of the password a leaked-password entry covers, above which the password counts as leaked. */
const LEAKED_SHARE = 0.8;

function leaked(result: ZxcvbnResult, length: number): boolean {
  return result.sequence.some((m) => 'dictionaryName' in m && m.dictionaryName === 'passwords-common' && m.token.length >= LEAKED_SHARE * length);
}

const L33T: Record<string, string> = { '4': 'a', '@': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '5': 's', '$': 's', '7': 't' };
const letters = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

function containsPersonalWord(password: string, inputs: string[]): boolean {
  const plain = letters(password);
  const unl33t = [...plain].map((c) => L33T[c] ?? c).join('');
  const words = inputs.flatMap((i) => letters(i).split(/[^a-z]+/)).filter((w) => w.length >= 4);
  return words.some((w) => plain.includes(w) || unl33t.includes(w));
}

/**
 * Why `password` is too guessable for a new account, or null when it is not. `personal` holds the
 * user's name, e-mail and company: a password built on them is among the first an attacker tries.
 */
export function passwordWeakness(password: string, personal: (string | undefined)[] = []): PasswordWeakness | null {
  const inputs = ['viabiliza', ...personal.flatMap((p) => (p ? [p, ...p.split(/[\s@.]+/).filter((w) => w.length >= 3)] : []))];
  const result = estimator().check(password, inputs);
  // The message's promise, kept literally: a password containing the product's name or a word of
  // the person's name, e-mail or company (4 letters or more, l33t spellings included) is refused
  // even when the rest makes it long ('Viabiliza@2025!', 'AnaSouza#1990').
  if (containsPersonalWord(password, inputs)) return { reason: 'PERSONAL_PASSWORD', message: PERSONAL_PASSWORD_MESSAGE, score: result.score };
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  if (leaked(result, Math.min(password.length, CHECKED_LENGTH))) return { reason: 'LEAKED_PASSWORD', message: LEAKED_PASSWORD_MESSAGE, score: result.score };
  if (result.sequence.some((m) => 'dictionaryName' in m && m.dictionaryName === 'userInputs')) {
    return { reason: 'PERSONAL_PASSWORD', message: PERSONAL_PASSWORD_MESSAGE, score: result.score };
  }
  return { reason: 'WEAK_PASSWORD', message: GUESSABLE_PASSWORD_MESSAGE, score: result.score };
}

/** The composition rule of registration (1 lowercase, 1 uppercase, 1 digit, 8 to 128 characters). */
function compositionProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return 'Senha deve ter pelo menos 8 caracteres';
  if (password.length > PASSWORD_MAX) return 'Senha muito longa';
  if (!(/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password))) return PASSWORD_COMPOSITION_MESSAGE;
  return null;
}

export interface NewPasswordVerdict {
  /** Whether the server takes it as a new password. */
  accepted: boolean;
  /** Why not, in the words the server answers with. */
  message: string | null;
  /** The meter's level: the spec's share of five rules, capped at 'medium' for a refused password. */
  level: PasswordStrength;
  /** 0–100 for the meter's bar, capped like the level. */
  score: number;
}

const REFUSED_CAP = 60;

/**
 * What the server answers to `password` as a new password, and what the meter shows for it.
 * `personal` holds the person's name, e-mail and company (a password built on them is refused).
 */
export function newPasswordVerdict(password: string, personal: (string | undefined)[] = []): NewPasswordVerdict {
  const spec = passwordStrength(password);
  if (!password) return { accepted: false, message: null, ...spec };
  const message = compositionProblem(password) ?? passwordWeakness(password, personal)?.message ?? null;
  if (!message) return { accepted: true, message: null, ...spec };
  const score = Math.min(spec.score, REFUSED_CAP);
  return { accepted: false, message, score, level: score < 40 ? 'weak' : 'medium' };
}

/**
 * CPF and CNPJ check digits and display masks. A full CPF or CNPJ never leaves the extractor:
 * key fields carry the masked form only.
 */

function digitsOf(value: string): number[] {
  return [...value.replace(/\D/g, '')].map(Number);
}

function allSame(digits: readonly number[]): boolean {
  return digits.every((d) => d === digits[0]);
}

export function isValidCpf(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || allSame(d)) return false;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * (length + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== d[length]) return false;
  }
  return true;
}

export function isValidCnpj(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 14 || allSame(d)) return false;
  for (const length of [12, 13]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * ((length - 1 - i) % 8 + 2);
    const rest = sum % 11;
    const check = rest < 2 ? 0 : 11 - rest;
    if (check !== d[length]) return false;
  }
  return true;
}

/** '123.456.789-09' → '***.456.789-**'. */
export function maskCpf(value: string): string {
  const d = value.replace(/\D/g, '');
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** '11.222.333/0001-81' → '**.222.333/0001-**'. */
export function maskCnpj(value: string): string {
  const d = value.replace(/\D/g, '');
  return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
}

const CPF_LIKE = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;

/** Masks every valid CPF inside a free text (a name or address field that swallowed one). */
export function maskCpfsIn(text: string): string {
  return text.replace(CPF_LIKE, (match) => (isValidCpf(match) ? maskCpf(match) : match));
}

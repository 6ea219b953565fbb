/** The CEP as it is typed: digits only, at most 8, with the hyphen after the fifth ('01310-100'). */
export function maskCep(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

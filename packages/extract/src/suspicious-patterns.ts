/**
 * The spec's suspicious-name and suspicious-content rules (01 §5 'Strict upload validator'), as
 * pure functions. Each returns short Portuguese descriptions of what it found, empty when clean.
 */

const EXECUTABLE_EXTENSIONS = new Set(['exe', 'bat', 'cmd', 'scr', 'vbs', 'js', 'jar', 'com', 'pif', 'application']);
const SUSPICIOUS_WORDS = /(?:^|[^\p{L}\p{N}])(script|eval|exec|system)(?![\p{L}\p{N}])/iu;
const THREAT_WORDS = /virus|malware/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function suspiciousNameReasons(name: string): string[] {
  const reasons: string[] = [];
  const segments = name.toLowerCase().split('.').slice(1).map((s) => s.trim());
  const executable = segments.find((s) => EXECUTABLE_EXTENSIONS.has(s));
  if (executable) reasons.push(`extensão executável (.${executable})`);
  if (/[<>:"|?*]/.test(name)) reasons.push('caracteres especiais');
  // Includes the bidirectional overrides that make 'fatura\u202Efdp.exe' display as 'fatura.exe.pdf'.
  if (CONTROL_CHARACTERS.test(name)) reasons.push('caracteres de controle');
  if (/[/\\]/.test(name) || name.includes('..')) reasons.push('caminho de diretório');
  if (name.startsWith('.')) reasons.push('começa com ponto');
  if (/\s$/.test(name)) reasons.push('termina com espaço');
  if (/(.)\1{9,}/su.test(name)) reasons.push('caracteres repetidos');
  const word = SUSPICIOUS_WORDS.exec(name);
  if (word) reasons.push(`palavra suspeita (${word[1]!.toLowerCase()})`);
  const threat = THREAT_WORDS.exec(name);
  if (threat) reasons.push(`nome indica ameaça (${threat[0].toLowerCase()})`);
  return reasons;
}

export interface ContentPatternOptions {
  /** Long base64 runs: meaningful in text only (binary formats and hex dumps produce lookalikes). */
  base64?: boolean;
  /** Active markup beyond script tags: event-handler attributes, iframes. Text only. */
  markup?: boolean;
}

const SCRIPT_PATTERNS: readonly [RegExp, string][] = [
  [/<\s*script\b/i, '<script'],
  [/javascript\s*:/i, 'javascript:'],
  [/vbscript\s*:/i, 'vbscript:'],
  [/data\s*:\s*text\/html/i, 'data:text/html'],
  [/(?:%3c|&#x0*3c;?|&#0*60;?|&lt;?|\\x3c|\\u003c)\s*script/i, 'script codificado'],
];
const MARKUP_PATTERNS: readonly [RegExp, string][] = [
  [/<[a-z][a-z0-9-]*\b[^>]{0,500}?\son[a-z]{3,}\s*=/i, 'atributo de evento HTML'],
  [/<\s*(?:iframe|object|embed)\b/i, 'conteúdo HTML embutido'],
];
/** Base64 lines of 20+ characters, possibly wrapped (MIME wraps at 76). */
const BASE64_RUN = /[A-Za-z0-9+/]{20,}(?:\r?\n[A-Za-z0-9+/]{20,})*={0,2}/g;
export const MIN_BASE64_RUN = 200;

function hasLongBase64(text: string): boolean {
  for (const match of text.matchAll(BASE64_RUN)) {
    const run = match[0].replace(/[\r\n=]/g, '');
    // Real base64 of binary data mixes cases and digits; a long number or a word run does not.
    if (run.length >= MIN_BASE64_RUN && /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run)) return true;
  }
  return false;
}

/** Patterns found in `text` (the first 8192 bytes of the file, decoded as Latin-1). */
export function suspiciousContentPatterns(text: string, options: ContentPatternOptions = {}): string[] {
  const found = SCRIPT_PATTERNS.filter(([pattern]) => pattern.test(text)).map(([, label]) => label);
  if (options.markup) {
    for (const [pattern, label] of MARKUP_PATTERNS) if (pattern.test(text)) found.push(label);
  }
  if (options.base64 && hasLongBase64(text)) found.push('base64');
  return found;
}

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_METHODS = new Set([0, 8, 9, 12, 14, 93, 95, 98]);
const RAR = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]);
const SEVEN_ZIP = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
const GZIP = Buffer.from([0x1f, 0x8b, 0x08]);

/** A zip local header with plausible fields, not four bytes that happen to spell 'PK\3\4'. */
function isZipLocalHeader(data: Buffer, at: number): boolean {
  if (at + 30 > data.length) return false;
  const version = data.readUInt16LE(at + 4);
  const method = data.readUInt16LE(at + 8);
  const nameLength = data.readUInt16LE(at + 26);
  return version <= 63 && ZIP_METHODS.has(method) && nameLength >= 1 && nameLength <= 1024;
}

function isGzipHeader(data: Buffer, at: number): boolean {
  // Reserved flag bits are zero; OS byte is a known value or 255 (unknown).
  if (at + 10 > data.length) return false;
  const flags = data[at + 3]!;
  const os = data[at + 9]!;
  return (flags & 0xe0) === 0 && (os <= 13 || os === 255);
}

export interface EmbeddedArchiveOptions {
  /**
   * gzip's signature is three bytes: compressed image or PDF data spells it by chance in a few
   * megabytes, so for binary files it is looked for only in the first bytes.
   */
  gzipWithin?: number;
}

/** The first archive signature found after offset 0 ('zip', 'rar', '7z', 'gzip'), or null. */
export function findEmbeddedArchive(bytes: Uint8Array, options: EmbeddedArchiveOptions = {}): string | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = data.indexOf(ZIP_LOCAL_HEADER, 1); at >= 0; at = data.indexOf(ZIP_LOCAL_HEADER, at + 1)) {
    if (isZipLocalHeader(data, at)) return 'zip';
  }
  if (data.indexOf(RAR, 1) >= 0) return 'rar';
  if (data.indexOf(SEVEN_ZIP, 1) >= 0) return '7z';
  const gzipArea = options.gzipWithin === undefined ? data : data.subarray(0, options.gzipWithin);
  for (let at = gzipArea.indexOf(GZIP, 1); at >= 0; at = gzipArea.indexOf(GZIP, at + 1)) {
    if (isGzipHeader(data, at)) return 'gzip';
  }
  return null;
}

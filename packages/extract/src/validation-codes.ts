import type { ValidationCode } from '@viabiliza/contracts/authenticity';

/**
 * The codes a person can check on the issuer's site, read from a document's text: the Assinador
 * Registro de Imóveis and ONR links (the code is in the link, often also under the QR code), a
 * court's electronic seal (TJSP selo digital, TJGO, TJMA…), a notary's 'chave de acesso' and
 * 'validador', ARIPAR's verification code, the Receita Federal's 'código de controle', the CNDT's
 * number, and any certidão number whose paper says where its authenticity is checked. Each code
 * comes with the address printed beside it (or the issuer's checking page) and its page.
 */

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'()]+/gi;
/** Lines are joined as one text per page; a code is looked for this far from its label. */
const NEAR = 400;

interface Page {
  number: number;
  text: string;
}

function cleanUrl(raw: string): string {
  let end = raw.length;
  while (end > 0 && '.,;:>]'.includes(raw[end - 1]!)) end--;
  const trimmed = raw.slice(0, end);
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function host(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\d*\./, '');
  } catch {
    return url;
  }
}

function urlsIn(text: string): { url: string; at: number }[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => ({ url: cleanUrl(m[0]), at: m.index }));
}

/** The printed address closest after `at` (within NEAR), else the closest before it. */
function nearestUrl(text: string, at: number, accept: (url: string) => boolean = () => true): string | null {
  const urls = urlsIn(text).filter((u) => accept(u.url));
  const after = urls.find((u) => u.at >= at && u.at - at <= NEAR);
  if (after) return after.url;
  const before = urls.filter((u) => u.at < at && at - u.at <= NEAR).at(-1);
  return before?.url ?? null;
}

function anyUrl(text: string, accept: (url: string) => boolean): string | null {
  return urlsIn(text).find((u) => accept(u.url))?.url ?? null;
}

/** 'tjsp.jus.br' → 'TJSP'. */
function courtOf(url: string | null, text: string): string | null {
  const fromUrl = url ? /\b(tj[a-z]{2})\.jus\.br/i.exec(url)?.[1] : undefined;
  if (fromUrl) return fromUrl.toUpperCase();
  return /\b(TJ[A-Z]{2})\b/.exec(text)?.[1] ?? null;
}

type Rule = (text: string) => Omit<ValidationCode, 'page'>[];

const rules: Rule[] = [
  // Links that carry the code: the Assinador Registro de Imóveis, ONR's signer and its QR viewer.
  (text) =>
    urlsIn(text).flatMap(({ url }) => {
      const assinador = /assinador\.registrodeimoveis\.org\.br\/validate\/([A-Z0-9]+(?:-[A-Z0-9]+)+)/i.exec(url);
      if (assinador) return [{ issuer: 'Assinador Registro de Imóveis', code: assinador[1]!, url }];
      const onrDoc = /assinador-web\.onr\.org\.br\/docs\/([A-Z0-9]+(?:-[A-Z0-9]+)+)/i.exec(url);
      if (onrDoc) return [{ issuer: 'ONR — Assinador', code: onrDoc[1]!, url }];
      const qr = /registradores\.onr\.org\.br\/visualizar\.aspx\?QRHash=([^&\s]+)/i.exec(url);
      if (qr) return [{ issuer: 'ONR — Registro de Imóveis', code: decodeURIComponent(qr[1]!), url }];
      return [];
    }),
  // 'Código de validação: GQY4Z-S5FHJ-TAQSQ-8SPW6' with the checking page printed near it.
  (text) =>
    [...text.matchAll(/c[óo]digo\s+de\s+(?:valida[çc][ãa]o|autenticidade|autentica[çc][ãa]o)\s*(?:n[º°o.]*\s*)?:\s*([A-Z0-9]+(?:[-.][A-Z0-9]+)*)/gi)]
      .filter((m) => /\d/.test(m[1]!))
      .map((m) => {
        const url = nearestUrl(text, m.index);
        return { issuer: url ? host(url) : 'Emissor do documento', code: m[1]!, url };
      }),
  // A notary's act: 'Consulte a autenticidade deste ato acessando site URL informando a chave de
  // acesso 16Y9E3030 e o validador 359.'
  (text) =>
    [...text.matchAll(/autenticidade\s+deste\s+ato\s+acessando\s+(?:o\s+)?site\s+(\S+)\s+informando\s+a\s+chave\s+de\s+acesso\s+([A-Z0-9]+)\s+e\s+o\s+validador\s+([A-Z0-9]+)/gi)].map((m) => {
      const url = cleanUrl(m[1]!);
      return { issuer: `Tabelionato (${host(url)})`, code: `chave de acesso ${m[2]}, validador ${m[3]}`, url };
    }),
  // ARIPAR (registries of Paraná): 'informe na ferramenta <url> o CNS: 08.008-5 e o código de
  // verificação do documento: 3FTZIXM2'.
  (text) =>
    [...text.matchAll(/c[óo]digo\s+de\s+verifica[çc][ãa]o\s+do\s+documento\s*:\s*([A-Z0-9]{4,})/gi)].map((m) => {
      const url = nearestUrl(text, m.index, (u) => /aripar/i.test(u)) ?? nearestUrl(text, m.index);
      const cns = /\bCNS[\s:]{0,4}(\d[\d.]{0,12}-?\d)/.exec(text.slice(Math.max(0, m.index - NEAR), m.index))?.[1];
      return { issuer: url && /aripar/i.test(url) ? 'ARIPAR — e-Validador' : url ? host(url) : 'Registro de Imóveis', code: cns ? `${m[1]} (CNS ${cns})` : m[1]!, url };
    }),
  // A court's seal on a notary's or registry's act: 'Selo: CERINT162743…', 'Selo Eletrônico de
  // Fiscalização 04572203215060226800070', 'Selo digital nº 1234561C3…'.
  (text) =>
    [...text.matchAll(/\bselo(?:\sdigital|\seletr[ôo]nico(?:\sde\sfiscaliza[çc][ãa]o)?)?(?:\sn[º°o.]{0,3})?[\s:]{1,6}([A-Z0-9][A-Z0-9.-]{9,40})\b/gi)]
      .filter((m) => /\d/.test(m[1]!) && /[0-9]{3}/.test(m[1]!))
      .map((m) => {
        const url = nearestUrl(text, m.index, (u) => /selo/i.test(u)) ?? nearestUrl(text, m.index, (u) => /\.jus\.br/i.test(u));
        const court = courtOf(url, text.slice(Math.max(0, m.index - 200), m.index + 200));
        return { issuer: court ? `${court} — selo` : 'Selo do tribunal', code: m[1]!, url };
      }),
  // Receita Federal / PGFN: 'Código de controle da certidão: A5CB.DD9A.78C9.B6C1'.
  (text) =>
    [...text.matchAll(/c[óo]digo\sde\scontrole\sda\scertid[ãa]o[\s:]{0,4}([0-9A-F]{4}(?:\.[0-9A-F]{4}){3})/gi)].map((m) => ({
      issuer: 'Receita Federal / PGFN',
      code: m[1]!.toUpperCase(),
      url: anyUrl(text, (u) => /rfb\.gov\.br|receita|pgfn/i.test(u)) ?? 'https://www.gov.br/receitafederal',
    })),
  // CNDT: its number is what the TST's site asks for.
  (text) => {
    if (!/d[ée]bitos\s+trabalhistas|tribunal\s+superior\s+do\s+trabalho/i.test(text)) return [];
    const number = /certid[ãa]o\sn[º°o.]{0,3}[\s:]{0,4}(\d{4,12}\/\d{4})/i.exec(text);
    if (!number) return [];
    return [{ issuer: 'TST — CNDT', code: number[1]!, url: anyUrl(text, (u) => /tst\.jus\.br/i.test(u)) ?? 'https://www.tst.jus.br' }];
  },
];

/**
 * A certidão whose paper says where its authenticity is checked ('verificação de sua autenticidade
 * … no endereço: www.fazenda.rj.gov.br') and prints its number: used when no rule above found a code.
 */
function certidaoNumber(text: string): Omit<ValidationCode, 'page'>[] {
  const where = /autenticidade[^.]{0,120}?((?:https?:\/\/|www\.)[^\s<>"'()]+)/i.exec(text);
  const number = /certid[ãa]o[^\n]{0,60}?\bn[º°o.]{0,3}[\s:]{0,4}(\d[\d./-]{4,30}\d)/i.exec(text);
  if (!where || !number) return [];
  const url = cleanUrl(where[1]!);
  return [{ issuer: host(url), code: number[1]!, url }];
}

/** Every validation code of a document, once each, with the first page it was read on. */
export function readValidationCodes(pages: readonly Page[]): ValidationCode[] {
  const codes = new Map<string, ValidationCode>();
  for (const page of pages) {
    const text = page.text.length > 200_000 ? page.text.slice(0, 200_000) : page.text;
    let found = rules.flatMap((rule) => rule(text));
    if (found.length === 0) found = certidaoNumber(text);
    for (const code of found) {
      // The same code printed as a link and as 'Código de validação' is one code.
      const key = code.code.replace(/\W/g, '').toUpperCase();
      const known = codes.get(key);
      if (!known) codes.set(key, { ...code, page: page.number });
      else if (known.issuer === host(known.url ?? '') && code.issuer !== known.issuer) codes.set(key, { ...code, page: known.page });
    }
  }
  return [...codes.values()];
}

import { createHash, createVerify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, SignedData, TSTInfo, type SignerInfo } from 'pkijs';
import type { PdfSignature, SignatureAppended, SignatureIntegrity } from '@viabiliza/contracts/authenticity';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf, maskCpfsIn } from './cpf.ts';
import { pdfEnd } from './pdf-active-content.ts';

/**
 * The digital signatures of a PDF (ICP-Brasil PAdES and the older adbe.pkcs7 forms), read from the
 * file's bytes: who signed (the certificate's CN and its ICP-Brasil CPF/CNPJ, masked), when, and
 * whether the signed bytes still match. ISO 32000-1 §12.8: the /ByteRange names the signed bytes,
 * which are the whole file but the /Contents hole that holds the PKCS#7/CMS SignedData.
 *
 * - `adbe.pkcs7.detached`, `ETSI.CAdES.detached`: the messageDigest signed attribute is the hash of
 *   the byte ranges (RFC 5652 §11.2).
 * - `adbe.pkcs7.sha1`: the signed content is the SHA-1 of the byte ranges, carried inside the
 *   SignedData; the messageDigest is the hash of that content (poppler's pdfsig compares the byte
 *   ranges with the messageDigest directly and calls genuine files 'Digest Mismatch').
 *
 * The signature value is then checked over the signed attributes with the signer certificate's
 * public key. Whether that certificate chains to an ICP-Brasil root is not checked (no root store
 * offline): the result never claims trust. CMS is parsed by pkijs/asn1js.
 */

/** Files above this are not read for signatures (the upload limit is far below). */
export const MAX_SIGNED_FILE_BYTES = 256 * 1024 * 1024;
/** A PDF with more signature fields than this has the rest ignored. */
export const MAX_SIGNATURES = 8;
/** A /Contents hole above this (hex digits) is not a signature we read. */
const MAX_CONTENTS_HEX = 2 * 1024 * 1024;
/** Bytes of an appended revision looked at to tell validation data from other content. */
const MAX_APPENDED_SCAN = 32 * 1024 * 1024;

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '2.16.840.1.101.3.4.2.4': 'sha224',
};
/** Signature algorithms that carry their hash (RSA PKCS#1 v1.5 and ECDSA). */
const SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.14': 'sha224',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};
/** Signature algorithms that take the signer's digest algorithm: rsaEncryption, ecPublicKey. */
const PLAIN_KEY_ALGORITHMS = new Set(['1.2.840.113549.1.1.1', '1.2.840.10045.2.1']);

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  subjectAltName: '2.5.29.17',
  /** ICP-Brasil otherName: a person's birth date (8), CPF (11), NIS, RG… */
  icpPersonData: '2.16.76.1.3.1',
  /** ICP-Brasil otherName: a company's CNPJ (14). */
  icpCnpj: '2.16.76.1.3.3',
  /** ICP-Brasil otherName: the company's responsible person: birth date (8), CPF (11)… */
  icpResponsibleData: '2.16.76.1.3.4',
};

export const INTEGRITY_REASONS = {
  intact: 'O conteúdo assinado confere com a assinatura, e nada foi acrescentado depois dela.',
  altered: 'O conteúdo assinado não confere com a assinatura: o documento foi alterado depois de assinado.',
  badSignature: 'A assinatura não confere com o certificado do signatário: o documento ou a assinatura foram alterados.',
  truncated: 'O arquivo termina antes do fim da faixa assinada: o documento foi alterado depois de assinado.',
  appendedValidation:
    'O conteúdo assinado confere. Depois da assinatura foram acrescentados só dados de validação (certificados e listas de revogação, DSS): as páginas assinadas não mudaram.',
  appendedRevision:
    'O conteúdo assinado confere, mas depois da assinatura foi acrescentada uma revisão ao PDF: o que se vê pode diferir da versão assinada.',
  appendedJunk: 'O conteúdo assinado confere. Depois do fim do PDF assinado há bytes que não são PDF (ignorados pelos leitores).',
  coveredByNext: ' A revisão acrescentada está coberta pela assinatura seguinte.',
  unreadable: 'A assinatura não pôde ser lida (estrutura PKCS#7/CMS inválida).',
  badRange: 'A faixa de bytes assinada (/ByteRange) é inválida.',
  noCertificate: 'O certificado do signatário não está na assinatura: não foi possível conferi-la.',
} as const;

interface SignatureField {
  byteRange: [number, number, number, number];
  /** The signature dictionary's text, without the /Contents hex. */
  dictionary: string;
}

/** Reads every signature of a PDF. Pure: bytes in, facts out; bounded in size and count. */
export function readPdfSignatures(bytes: Uint8Array): PdfSignature[] {
  if (bytes.byteLength > MAX_SIGNED_FILE_BYTES) return [];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields = findSignatureFields(buffer);
  const ends = fields.map((f) => f.byteRange[2] + f.byteRange[3]);
  return fields.map((field, i) => {
    const signature = readOne(buffer, field);
    const coveredByNext = ends.some((end, j) => j !== i && end > ends[i]!);
    if (signature.integrity === 'conteúdo acrescentado após a assinatura' && coveredByNext) signature.reason += INTEGRITY_REASONS.coveredByNext;
    return signature;
  });
}

function findSignatureFields(buffer: Buffer): SignatureField[] {
  const fields: SignatureField[] = [];
  const seen = new Set<string>();
  for (let at = buffer.indexOf('/ByteRange'); at >= 0 && fields.length < MAX_SIGNATURES; at = buffer.indexOf('/ByteRange', at + 10)) {
    const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(buffer.toString('latin1', at, at + 120));
    if (!match) continue;
    const range = match.slice(1, 5).map(Number) as [number, number, number, number];
    const key = range.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ byteRange: range, dictionary: dictionaryAround(buffer, at, range) });
  }
  return fields;
}

/** The signature object's text around the /ByteRange, the /Contents hole cut out. */
function dictionaryAround(buffer: Buffer, at: number, [, holeStart, holeEnd]: readonly number[]): string {
  const from = Math.max(0, at - 8192);
  const to = Math.min(buffer.byteLength, at + 8192);
  const hole = holeStart! >= from && holeEnd! <= to + MAX_CONTENTS_HEX && holeEnd! > holeStart!;
  const before = buffer.toString('latin1', from, hole && holeStart! < at ? Math.max(from, holeStart!) : at);
  const after = buffer.toString('latin1', at, hole && holeStart! > at ? holeStart! : to) + (hole && holeStart! > at ? buffer.toString('latin1', holeEnd!, Math.min(buffer.byteLength, holeEnd! + 8192)) : '');
  const start = before.lastIndexOf(' obj');
  const end = after.indexOf('endobj');
  return (start >= 0 ? before.slice(start) : before) + (end >= 0 ? after.slice(0, end) : after);
}

function readOne(buffer: Buffer, field: SignatureField): PdfSignature {
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(field.dictionary)?.[1] ?? null;
  const declaredTime = pdfDate(/\/M\s*\(([^)]*)\)/.exec(field.dictionary)?.[1]);
  const base: PdfSignature = {
    signer: null,
    signerId: null,
    certificateIssuer: null,
    signedAt: declaredTime,
    subFilter,
    integrity: 'não verificável',
    reason: INTEGRITY_REASONS.unreadable,
    appended: null,
  };
  const [a, b, c, d] = field.byteRange;
  if (a !== 0 || b <= 0 || c <= b || d < 0 || c - b > MAX_CONTENTS_HEX + 2) return { ...base, reason: INTEGRITY_REASONS.badRange };
  if (c + d > buffer.byteLength) return { ...base, integrity: 'alterada', reason: INTEGRITY_REASONS.truncated };
  const hole = buffer.toString('latin1', b, c);
  const hex = /^<([0-9A-Fa-f\s]*)>$/.exec(hole)?.[1]?.replace(/\s+/g, '');
  if (!hex) return { ...base, reason: INTEGRITY_REASONS.badRange };

  let signedData: SignedData;
  let signerInfo: SignerInfo;
  try {
    const der = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    const parsed = asn1js.fromBER(der);
    if (parsed.offset === -1) return base;
    const info = new ContentInfo({ schema: parsed.result });
    if (info.contentType !== OID.signedData) return base;
    signedData = new SignedData({ schema: info.content });
    const first = signedData.signerInfos[0];
    if (!first) return base;
    signerInfo = first;
  } catch {
    return base;
  }

  const named = signerCertificate(signedData, signerInfo);
  const certificate = named?.certificate ?? null;
  const identity = certificate ? signerIdentity(certificate) : { signer: null, signerId: null, certificateIssuer: null };
  const signedAt = signingTime(signerInfo) ?? declaredTime;
  const found: PdfSignature = { ...base, ...identity, signedAt };
  if (!certificate) return { ...found, reason: INTEGRITY_REASONS.noCertificate };

  const digestName = HASHES[signerInfo.digestAlgorithm.algorithmId];
  if (!digestName) return { ...found, reason: `Algoritmo de resumo não suportado (${signerInfo.digestAlgorithm.algorithmId}).` };
  const ranges: Buffer[] = [buffer.subarray(a, a + b), buffer.subarray(c, c + d)];

  // What the signer's digest covers: the byte ranges themselves; or (adbe.pkcs7.sha1) the SHA-1 of
  // the byte ranges carried as the SignedData's content; or (ETSI.RFC3161, a document timestamp) a
  // TSTInfo whose message imprint is the hash of the byte ranges.
  let content: Buffer[] = ranges;
  let stampedAt: string | null = null;
  const eContent = encapsulatedContent(signedData);
  if (signedData.encapContentInfo.eContentType === OID.tstInfo || subFilter === 'ETSI.RFC3161') {
    const imprint = eContent ? timeStampImprint(eContent) : null;
    if (!imprint) return { ...found, reason: 'O carimbo do tempo não traz o resumo do documento.' };
    const imprintHash = HASHES[imprint.algorithm];
    if (!imprintHash) return { ...found, reason: `Algoritmo de resumo não suportado (${imprint.algorithm}).` };
    if (!imprint.hash.equals(digest(imprintHash, ranges))) return { ...found, integrity: 'alterada', reason: INTEGRITY_REASONS.altered };
    stampedAt = imprint.time;
    content = [eContent!];
  } else if (subFilter === 'adbe.pkcs7.sha1' || eContent) {
    if (!eContent) return { ...found, reason: 'A assinatura adbe.pkcs7.sha1 não traz o resumo do documento.' };
    if (!eContent.equals(digest('sha1', ranges))) {
      // Under adbe.pkcs7.sha1 the content must be that SHA-1; any other signature carrying content
      // of its own signs that content, which says nothing about the PDF either way.
      return subFilter === 'adbe.pkcs7.sha1'
        ? { ...found, integrity: 'alterada', reason: INTEGRITY_REASONS.altered }
        : { ...found, reason: 'A assinatura traz um conteúdo próprio, que não é o resumo do documento: não foi possível conferi-la.' };
    }
    content = [eContent];
  }
  if (stampedAt) found.signedAt = stampedAt;

  const attributes = signerInfo.signedAttrs;
  let signedBytes: Buffer[];
  if (attributes && attributes.attributes.length > 0) {
    const messageDigest = attributeValue(signerInfo, OID.messageDigest);
    if (!(messageDigest instanceof asn1js.OctetString)) return { ...found, reason: 'A assinatura não traz o atributo messageDigest.' };
    if (!Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest(digestName, content))) {
      return { ...found, integrity: 'alterada', reason: INTEGRITY_REASONS.altered };
    }
    signedBytes = [Buffer.from(attributes.encodedValue)];
  } else {
    signedBytes = content;
  }

  const verdict = verifySignatureValue(certificate, signerInfo, digestName, signedBytes);
  if (verdict === 'unsupported') {
    return { ...found, reason: `O resumo confere, mas o algoritmo de assinatura (${signerInfo.signatureAlgorithm.algorithmId}) não é conferido aqui.` };
  }
  // A certificate the signer info does not name may just be the wrong one: no verdict on it.
  if (!verdict) return named?.matched ? { ...found, integrity: 'alterada', reason: INTEGRITY_REASONS.badSignature } : { ...found, reason: INTEGRITY_REASONS.noCertificate };

  const appended = appendedAfter(buffer, c + d);
  if (!appended) return { ...found, integrity: 'intacta', reason: INTEGRITY_REASONS.intact };
  const reason = { validação: INTEGRITY_REASONS.appendedValidation, revisão: INTEGRITY_REASONS.appendedRevision, 'dados após o fim': INTEGRITY_REASONS.appendedJunk }[appended];
  return { ...found, integrity: 'conteúdo acrescentado após a assinatura', reason, appended };
}

function digest(name: string, parts: readonly Buffer[]): Buffer {
  const hash = createHash(name);
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function encapsulatedContent(signedData: SignedData): Buffer | null {
  const e = signedData.encapContentInfo.eContent;
  if (!e) return null;
  // pkijs keeps eContent as a constructed OCTET STRING (chunks); getValue joins them.
  const value = Buffer.from(e.getValue());
  return value.byteLength > 0 ? value : null;
}

/** A timestamp token's message imprint and time (RFC 3161 §2.4.2), or null when it is not one. */
function timeStampImprint(eContent: Buffer): { algorithm: string; hash: Buffer; time: string | null } | null {
  try {
    const parsed = asn1js.fromBER(eContent);
    if (parsed.offset === -1) return null;
    const info = new TSTInfo({ schema: parsed.result });
    const time = info.genTime instanceof Date && !Number.isNaN(info.genTime.getTime()) ? info.genTime.toISOString() : null;
    return { algorithm: info.messageImprint.hashAlgorithm.algorithmId, hash: Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView), time };
  } catch {
    return null;
  }
}

function attributeValue(signerInfo: SignerInfo, type: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((attr) => attr.type === type)?.values[0];
}

function signingTime(signerInfo: SignerInfo): string | null {
  const value = attributeValue(signerInfo, OID.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    const date = value.toDate();
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}

/** The certificate the signer info names; `matched` is false when it is only the one certificate there. */
function signerCertificate(signedData: SignedData, signerInfo: SignerInfo): { certificate: Certificate; matched: boolean } | null {
  const certificates = (signedData.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);
  const sid = signerInfo.sid as unknown;
  for (const certificate of certificates) {
    if (sid && typeof sid === 'object' && 'serialNumber' in sid && 'issuer' in sid) {
      const byIssuer = sid as { serialNumber: asn1js.Integer; issuer: { isEqual(other: unknown): boolean } };
      if (certificate.serialNumber.isEqual(byIssuer.serialNumber) && byIssuer.issuer.isEqual(certificate.issuer)) return { certificate, matched: true };
    } else if (sid instanceof asn1js.Primitive) {
      const keyId = certificate.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue as asn1js.OctetString | undefined;
      if (keyId && Buffer.from(keyId.valueBlock.valueHexView).equals(Buffer.from(sid.valueBlock.valueHexView))) return { certificate, matched: true };
    }
  }
  return certificates.length === 1 ? { certificate: certificates[0]!, matched: false } : null;
}

function commonName(names: Certificate['subject']): string | null {
  const value = names.typesAndValues.find((tv) => tv.type === OID.commonName)?.value as { valueBlock?: { value?: unknown } } | undefined;
  const text = value?.valueBlock?.value;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

/** ICP-Brasil otherName values of the subject alternative name, by OID. */
function icpOtherNames(certificate: Certificate): Map<string, string> {
  const found = new Map<string, string>();
  const altNames = certificate.extensions?.find((e) => e.extnID === OID.subjectAltName)?.parsedValue as { altNames?: { type: number; value: unknown }[] } | undefined;
  for (const name of altNames?.altNames ?? []) {
    if (name.type !== 0) continue;
    const parts = (name.value as asn1js.Constructed).valueBlock?.value ?? [];
    const oid = parts[0] instanceof asn1js.ObjectIdentifier ? parts[0].valueBlock.toString() : null;
    const holder = parts[1] as asn1js.Constructed | undefined;
    const inner = holder?.valueBlock?.value?.[0] as (asn1js.BaseBlock & { valueBlock: { valueHexView?: Uint8Array; value?: unknown } }) | undefined;
    if (!oid || !inner) continue;
    const raw = inner.valueBlock.valueHexView;
    const text = raw && raw.byteLength ? Buffer.from(raw).toString('latin1') : typeof inner.valueBlock.value === 'string' ? inner.valueBlock.value : '';
    found.set(oid, text);
  }
  return found;
}

function signerIdentity(certificate: Certificate): Pick<PdfSignature, 'signer' | 'signerId' | 'certificateIssuer'> {
  const cn = commonName(certificate.subject);
  const other = icpOtherNames(certificate);
  const cnpj = other.get(OID.icpCnpj)?.replace(/\D/g, '') ?? '';
  const cpf = (other.get(OID.icpPersonData) ?? other.get(OID.icpResponsibleData) ?? '').slice(8, 19);
  // e-CPF and e-CNPJ CNs end in ':' and the taxpayer number.
  const cnNumber = cn ? /:\s*(\d{11}|\d{14})\s*$/.exec(cn)?.[1] : undefined;
  let signerId: string | null = null;
  if (isValidCnpj(cnpj)) signerId = `CNPJ ${maskCnpj(cnpj)}`;
  else if (/^\d{11}$/.test(cpf) && isValidCpf(cpf)) signerId = `CPF ${maskCpf(cpf)}`;
  else if (cnNumber?.length === 14 && isValidCnpj(cnNumber)) signerId = `CNPJ ${maskCnpj(cnNumber)}`;
  else if (cnNumber?.length === 11 && isValidCpf(cnNumber)) signerId = `CPF ${maskCpf(cnNumber)}`;
  const signer = cn ? maskCpfsIn(cn.replace(/:\s*\d{11,14}\s*$/, '')).trim() || null : null;
  return { signer, signerId, certificateIssuer: commonName(certificate.issuer) };
}

/** True when the signature value verifies with the certificate's key; 'unsupported' for RSA-PSS and the like. */
function verifySignatureValue(certificate: Certificate, signerInfo: SignerInfo, digestName: string, signed: readonly Buffer[]): boolean | 'unsupported' {
  const algorithm = signerInfo.signatureAlgorithm.algorithmId;
  const hash = SIGNATURE_HASHES[algorithm] ?? (PLAIN_KEY_ALGORITHMS.has(algorithm) ? digestName : undefined);
  if (!hash) return 'unsupported';
  try {
    const key = new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))).publicKey;
    const verifier = createVerify(hash);
    for (const part of signed) verifier.update(part);
    return verifier.verify(key, Buffer.from(signerInfo.signature.valueBlock.valueHexView));
  } catch {
    return 'unsupported';
  }
}

/**
 * What follows the signed bytes, if anything: nothing (white space only), bytes that are not PDF
 * (a portal's page glued after %%EOF), a revision holding only validation data (DSS, ISO 32000-2
 * §12.8.4.3: certificates, CRLs, OCSP answers, the catalog that points at them, the XMP and the
 * document info), or any other revision.
 */
function appendedAfter(buffer: Buffer, signedEnd: number): SignatureAppended | null {
  if (signedEnd >= buffer.byteLength) return null;
  const tail = buffer.toString('latin1', signedEnd, Math.min(buffer.byteLength, signedEnd + MAX_APPENDED_SCAN));
  if (/^[\0\t\n\f\r ]*$/.test(tail)) return null;
  if (buffer.byteLength - signedEnd > MAX_APPENDED_SCAN) return 'revisão';
  const whole = buffer.toString('latin1');
  const end = pdfEnd(whole);
  if (end <= signedEnd || /^[\0\t\n\f\r ]*$/.test(whole.slice(signedEnd, end))) return 'dados após o fim';
  return onlyValidationData(whole.slice(signedEnd, end), whole.slice(0, signedEnd)) ? 'validação' : 'revisão';
}

interface PdfObject {
  id: string;
  /** The object's dictionary or array, before any stream data. */
  head: string;
  stream: boolean;
}

function objectsIn(text: string): PdfObject[] {
  const objects: PdfObject[] = [];
  const header = /(?<![\d])(\d+)\s+(\d+)\s+obj\b/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const endobj = text.indexOf('endobj', bodyStart);
    const stream = text.indexOf('stream', bodyStart);
    const isStream = stream >= 0 && (endobj < 0 || stream < endobj);
    const headEnd = isStream ? stream : endobj < 0 ? text.length : endobj;
    objects.push({ id: `${m[1]} ${m[2]}`, head: text.slice(bodyStart, Math.min(headEnd, bodyStart + 65536)), stream: isStream });
    if (isStream) {
      const after = text.indexOf('endstream', stream);
      if (after < 0) break;
      header.lastIndex = after;
    }
  }
  return objects;
}

const REFERENCE = /(?<!\d)(\d{1,10})\s{1,8}(\d{1,5})\s{1,8}R\b/g;
function referencesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((m) => `${m[1]} ${m[2]}`);
}

function typeOf(head: string): string | null {
  return /\/Type\s*\/([A-Za-z0-9]+)/.exec(head)?.[1] ?? null;
}

function onlyValidationData(revision: string, signed: string): boolean {
  const objects = objectsIn(revision);
  if (objects.length === 0) return false;
  const byId = new Map(objects.map((o) => [o.id, o]));
  // Everything reachable from the DSS: its arrays, the VRI dictionaries and their streams.
  const validation = new Set<string>();
  const queue = objects.filter((o) => typeOf(o.head) === 'DSS').map((o) => o.id);
  if (queue.length === 0) return false;
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (validation.has(id)) continue;
    validation.add(id);
    const object = byId.get(id);
    if (object && !object.stream) queue.push(...referencesIn(object.head));
  }
  const trailerInfo = /\/Info\s+(\d+\s+\d+)\s+R/.exec(revision.slice(revision.lastIndexOf('trailer')))?.[1];
  return objects.every((object) => {
    if (validation.has(object.id)) return true;
    const type = typeOf(object.head);
    if (type === 'Metadata' || type === 'XRef') return true;
    if (type === 'Catalog') return /\/DSS\s+\d+\s+\d+\s+R/.test(object.head);
    if (object.id === trailerInfo && !object.stream) return true;
    // A page tree node written again with the same kids (some signers add private keys to it).
    if (type === 'Pages') return kidsOf(object.head) !== null && kidsOf(object.head) === kidsOf(previousDefinition(signed, object.id));
    return false;
  });
}

function kidsOf(head: string | null): string | null {
  if (!head) return null;
  return /\/Kids\s*\[([^\]]*)\]/.exec(head)?.[1]?.replace(/\s+/g, ' ').trim() ?? null;
}

function previousDefinition(text: string, id: string): string | null {
  const [num, gen] = id.split(' ');
  const header = new RegExp(`(?<!\\d)${num}\\s+${gen}\\s+obj\\b`, 'g');
  let at = -1;
  for (let m = header.exec(text); m; m = header.exec(text)) at = m.index;
  if (at < 0) return null;
  const end = text.indexOf('endobj', at);
  return text.slice(at, end < 0 ? at + 65536 : Math.min(end, at + 65536));
}

/** A PDF date (D:YYYYMMDDHHmmSS+HH'mm') as ISO 8601, or null. */
export function pdfDate(raw: string | undefined): string | null {
  const m = raw ? /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(?:(\d{2})'?(\d{2})?'?)?)?/.exec(raw) : null;
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offset = !sign || sign === 'Z' || sign === 'z' ? 'Z' : `${sign}${oh}:${om}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type { PdfSignature, SignatureIntegrity };

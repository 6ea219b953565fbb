import { createHash, webcrypto, type webcrypto as WebCrypto } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from './extract.ts';
import type { OcrLike } from './ocr.ts';
import { INTEGRITY_REASONS, pdfDate, readPdfSignatures } from './signature.ts';

const here = dirname(fileURLToPath(import.meta.url));
const realdocs = resolve(here, '../../../../shared/realdocs-dev');
const real = (path: string) => readFileSync(resolve(realdocs, path));
/** A registry's matrícula certificate signed ETSI.CAdES.detached (ICP-Brasil e-CPF), nothing after it. */
const MATRICULA_479 = 'fabriciorodias__analisador-de-matriculas/certidoes__certidao_mat_479 - texto.pdf';
/** A notary's deed signed ETSI.CAdES.detached, then a revision holding only the DSS (certificates, CRLs). */
const ESCRITURA = 'SkyInformatica__sky_ia_api/docs__escritura_publica__escritura.pdf';
/** Signed on the Assinador Registro de Imóveis, but the PDF itself carries no signature field. */
const MATRICULA_26396 = 'fabriciorodias__analisador-de-matriculas/certidoes__certidao_mat_26.396 - texto.pdf';

const initials = (name: string | null) =>
  (name ?? '')
    .split(/\s+/)
    .map((w) => w[0])
    .join('');

function byteRangeOf(bytes: Uint8Array): number[] {
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(Buffer.from(bytes).toString('latin1'));
  return m!.slice(1, 5).map(Number);
}

function flipped(bytes: Uint8Array, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/** An incremental update that adds a text annotation to page `pageRef` (content added after signing). */
function withAnnotationRevision(bytes: Uint8Array, pageRef: string): Buffer {
  const base = Buffer.from(bytes);
  const body = `\n900 0 obj\n<< /Type /Annot /Subtype /FreeText /Rect [10 10 200 40] /Contents (texto acrescentado) /P ${pageRef} R >>\nendobj\n`;
  const xrefAt = base.byteLength + Buffer.byteLength(body);
  const tail = `xref\n900 1\n${String(base.byteLength + 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 901 >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(body + tail, 'latin1')]);
}

describe.skipIf(!existsSync(realdocs))('readPdfSignatures on real signed certidões', () => {
  it('reads the signer, the signing time and an intact signature of a registry certificate', () => {
    const [signature, ...others] = readPdfSignatures(real(MATRICULA_479));
    expect(others).toEqual([]);
    expect(signature).toMatchObject({
      subFilter: 'ETSI.CAdES.detached',
      signedAt: '2021-10-07T18:19:04.000Z',
      certificateIssuer: 'AC SOLUTI Multipla v5',
      integrity: 'intacta',
      appended: null,
      reason: INTEGRITY_REASONS.intact,
    });
    expect(initials(signature!.signer)).toBe('MMVP');
    // The CN's ':CPF' suffix is cut and the CPF of the ICP-Brasil otherName is masked.
    expect(signature!.signer).not.toMatch(/\d/);
    expect(signature!.signerId).toMatch(/^CPF \*\*\*\.\d{3}\.\d{3}-\*\*$/);
  });

  it('calls a file with one byte changed inside either signed range altered', () => {
    const bytes = real(MATRICULA_479);
    const [, holeStart, holeEnd, tailLength] = byteRangeOf(bytes);
    for (const at of [Math.floor(holeStart! / 2), holeEnd! + Math.floor(tailLength! / 2)]) {
      const [signature] = readPdfSignatures(flipped(bytes, at));
      expect(signature).toMatchObject({ integrity: 'alterada', reason: INTEGRITY_REASONS.altered });
    }
  });

  it('calls a changed signature value altered, not intact', async () => {
    const bytes = real(MATRICULA_479);
    const [, holeStart, holeEnd] = byteRangeOf(bytes);
    const hex = bytes.toString('latin1', holeStart! + 1, holeEnd! - 1);
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(Buffer.from(hex, 'hex')).result });
    const value = Buffer.from(new pkijs.SignedData({ schema: info.content }).signerInfos[0]!.signature.valueBlock.valueHexView).toString('hex');
    const at = hex.toLowerCase().indexOf(value) + value.length / 2;
    const copy = Buffer.from(bytes);
    copy[holeStart! + 1 + at] = copy[holeStart! + 1 + at] === 0x30 ? 0x31 : 0x30;
    const [signature] = readPdfSignatures(copy);
    expect(signature).toMatchObject({ integrity: 'alterada', reason: INTEGRITY_REASONS.badSignature });
  });

  it('calls an incremental update after signing content added, not altered', () => {
    const [signature] = readPdfSignatures(withAnnotationRevision(real(MATRICULA_479), '3 0'));
    expect(signature).toMatchObject({ integrity: 'conteúdo acrescentado após a assinatura', appended: 'revisão', reason: INTEGRITY_REASONS.appendedRevision });
  });

  it('tells a revision holding only validation data (DSS) from other added content', () => {
    const deed = real(ESCRITURA);
    const [signature] = readPdfSignatures(deed);
    expect(signature).toMatchObject({
      subFilter: 'ETSI.CAdES.detached',
      signedAt: '2025-02-15T15:15:49.000Z',
      integrity: 'conteúdo acrescentado após a assinatura',
      appended: 'validação',
    });
    expect(signature!.signerId).toMatch(/^CPF \*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(readPdfSignatures(withAnnotationRevision(deed, '38 0'))[0]).toMatchObject({ appended: 'revisão' });
  });

  it('calls bytes glued after the signed PDF (a portal page) data after the end', () => {
    const glued = Buffer.concat([real(MATRICULA_479), Buffer.from('<html><body>Portal</body></html>')]);
    expect(readPdfSignatures(glued)[0]).toMatchObject({ integrity: 'conteúdo acrescentado após a assinatura', appended: 'dados após o fim' });
  });

  it('finds no signature in an unsigned PDF, even one whose text says it was signed elsewhere', () => {
    expect(readPdfSignatures(real(MATRICULA_26396))).toEqual([]);
  });

  it('comes with the extraction of a PDF', async () => {
    const noOcr = { recognize: () => Promise.reject(new Error('no OCR in this test')) } as unknown as OcrLike;
    const result = await extractDocument({ path: resolve(realdocs, MATRICULA_479), kind: 'pdf', fileName: 'matricula.pdf' }, { ocr: noOcr });
    expect(result.signatures).toEqual([expect.objectContaining({ integrity: 'intacta' })]);
    const later = await extractDocument({ path: resolve(realdocs, MATRICULA_479), kind: 'pdf', fileName: 'matricula.pdf' }, { ocr: noOcr, pdfPages: { first: 2, last: 3 } });
    expect(later.signatures).toBeUndefined();
  });

  it('calls a file cut inside the signed range altered', () => {
    const bytes = real(MATRICULA_479);
    expect(readPdfSignatures(bytes.subarray(0, bytes.byteLength - 100))[0]).toMatchObject({ integrity: 'alterada', reason: INTEGRITY_REASONS.truncated });
  });
});

/**
 * Signed PDFs made here with a throwaway key, for the subfilters the real set lacks: adbe.pkcs7.sha1
 * (the signed content is the SHA-1 of the byte ranges) and adbe.pkcs7.detached.
 */
describe('readPdfSignatures on generated signatures', () => {
  let keys: WebCrypto.CryptoKeyPair;
  let certificate: pkijs.Certificate;
  const CPF = '52998224725';

  beforeAll(async () => {
    pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'] }));
    keys = (await webcrypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as WebCrypto.CryptoKeyPair;
    certificate = new pkijs.Certificate();
    certificate.version = 2;
    certificate.serialNumber = new asn1js.Integer({ value: 7 });
    const name = (cn: string) => new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: cn }) });
    certificate.issuer.typesAndValues.push(name('AC TESTE'));
    certificate.subject.typesAndValues.push(name(`PESSOA DE TESTE:${CPF}`));
    certificate.notBefore.value = new Date('2024-01-01T00:00:00Z');
    certificate.notAfter.value = new Date('2030-01-01T00:00:00Z');
    const personData = `01011980${CPF}${'0'.repeat(11)}${'0'.repeat(15)}SSPSP `;
    const altNames = new pkijs.AltName({
      altNames: [
        new pkijs.GeneralName({
          type: 0,
          value: new asn1js.Sequence({
            value: [
              new asn1js.ObjectIdentifier({ value: '2.16.76.1.3.1' }),
              new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.OctetString({ valueHex: Buffer.from(personData, 'latin1') })] }),
            ],
          }),
        }),
      ],
    });
    certificate.extensions = [new pkijs.Extension({ extnID: '2.5.29.17', critical: false, extnValue: altNames.toSchema().toBER(false), parsedValue: altNames })];
    await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
    await certificate.sign(keys.privateKey, 'SHA-256');
  });

  /** A one-page PDF with a signature field whose /Contents is filled by `sign` over the byte ranges. */
  async function signedPdf(subFilter: string, signedAttributes = true): Promise<Buffer> {
    const hexLength = 16384;
    const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n4 0 obj\n<< /FT /Sig /T (Assinatura1) /V 5 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>\nendobj\n';
    const sigStart = `5 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${subFilter} /M (D:20250102030405-03'00') /ByteRange [0 ##########  ########## ##########] /Contents `;
    const sigEnd = ' >>\nendobj\n';
    const tail = 'xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n';
    const holeStart = head.length + sigStart.length;
    const holeEnd = holeStart + hexLength + 2;
    const total = holeEnd + sigEnd.length + tail.length;
    const range = `[0 ${String(holeStart).padEnd(10)}  ${String(holeEnd).padEnd(10)} ${String(total - holeEnd).padEnd(10)}]`;
    const pdf = Buffer.from(head + sigStart.replace(/\[0 [# ]+\]/, range) + `<${'0'.repeat(hexLength)}>` + sigEnd + tail, 'latin1');
    const ranges = [pdf.subarray(0, holeStart), pdf.subarray(holeEnd)];
    const hash = (name: string, parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), createHash(name)).digest();

    const timestamp = subFilter === 'ETSI.RFC3161';
    const sha1Content = subFilter === 'adbe.pkcs7.sha1' ? hash('sha1', ranges) : null;
    const tstInfo = timestamp
      ? Buffer.from(
          new pkijs.TSTInfo({
            version: 1,
            policy: '2.16.76.1.6.1',
            messageImprint: new pkijs.MessageImprint({
              hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
              hashedMessage: new asn1js.OctetString({ valueHex: hash('sha256', ranges) }),
            }),
            serialNumber: new asn1js.Integer({ value: 42 }),
            genTime: new Date('2025-03-04T05:06:07Z'),
          })
            .toSchema()
            .toBER(false),
        )
      : null;
    const eContent = sha1Content ?? tstInfo;
    const contentType = timestamp ? '1.2.840.113549.1.9.16.1.4' : '1.2.840.113549.1.7.1';
    const signedContent = eContent ? [eContent] : ranges;
    const signer = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    });
    if (signedAttributes) {
      signer.signedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: contentType })] }),
          new pkijs.Attribute({ type: '1.2.840.113549.1.9.5', values: [new asn1js.UTCTime({ valueDate: new Date('2025-01-02T06:04:05Z') })] }),
          new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: hash('sha256', signedContent) })] }),
        ],
      });
    }
    const cms = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: contentType,
        ...(eContent ? { eContent: new asn1js.OctetString({ valueHex: eContent }) } : {}),
      }),
      signerInfos: [signer],
      certificates: [certificate],
    });
    await cms.sign(keys.privateKey, 0, 'SHA-256', signedAttributes ? undefined : Buffer.concat(signedContent));
    const der = Buffer.from(new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: cms.toSchema(true) }).toSchema().toBER(false));
    pdf.write(der.toString('hex').padEnd(hexLength, '0'), holeStart + 1, 'latin1');
    return pdf;
  }

  it('adbe.pkcs7.sha1: the SHA-1 of the byte ranges is the signed content, and a genuine file is intact', async () => {
    const pdf = await signedPdf('adbe.pkcs7.sha1');
    expect(readPdfSignatures(pdf)).toEqual([
      {
        signer: 'PESSOA DE TESTE',
        signerId: 'CPF ***.982.247-**',
        certificateIssuer: 'AC TESTE',
        signedAt: '2025-01-02T06:04:05.000Z',
        subFilter: 'adbe.pkcs7.sha1',
        integrity: 'intacta',
        reason: INTEGRITY_REASONS.intact,
        appended: null,
      },
    ]);
    expect(readPdfSignatures(flipped(pdf, 20))[0]).toMatchObject({ integrity: 'alterada' });
  });

  it('adbe.pkcs7.detached: intact, altered, and content added after signing', async () => {
    const pdf = await signedPdf('adbe.pkcs7.detached');
    expect(readPdfSignatures(pdf)[0]).toMatchObject({ subFilter: 'adbe.pkcs7.detached', integrity: 'intacta' });
    expect(readPdfSignatures(flipped(pdf, pdf.byteLength - 30))[0]).toMatchObject({ integrity: 'alterada' });
    expect(readPdfSignatures(withAnnotationRevision(pdf, '3 0'))[0]).toMatchObject({ integrity: 'conteúdo acrescentado após a assinatura', appended: 'revisão' });
  });

  it('a signature without signed attributes is checked over the byte ranges, and its time comes from /M', async () => {
    const pdf = await signedPdf('adbe.pkcs7.detached', false);
    expect(readPdfSignatures(pdf)[0]).toMatchObject({ integrity: 'intacta', signedAt: '2025-01-02T06:04:05.000Z' });
    expect(readPdfSignatures(flipped(pdf, 20))[0]).toMatchObject({ integrity: 'alterada', reason: INTEGRITY_REASONS.badSignature });
  });

  it('ETSI.RFC3161: a document timestamp is checked by its message imprint and dated by the stamp', async () => {
    const pdf = await signedPdf('ETSI.RFC3161');
    expect(readPdfSignatures(pdf)[0]).toMatchObject({ subFilter: 'ETSI.RFC3161', integrity: 'intacta', signedAt: '2025-03-04T05:06:07.000Z' });
    expect(readPdfSignatures(flipped(pdf, 20))[0]).toMatchObject({ integrity: 'alterada', reason: INTEGRITY_REASONS.altered });
  });

  it('content of its own under another subfilter is not verifiable, not altered', async () => {
    const pdf = await signedPdf('adbe.pkcs7.sha1');
    const relabelled = Buffer.from(pdf.toString('latin1').replace('/adbe.pkcs7.sha1 ', '/adbe.pkcs7.othr '), 'latin1');
    // Same bytes but the subfilter's name (same length), so the byte ranges still line up; the
    // SHA-1 content no longer matches a changed file, and nothing says it should have.
    expect(readPdfSignatures(flipped(relabelled, 20))[0]).toMatchObject({ integrity: 'não verificável' });
  });

  it('a /Contents that is not CMS is not verifiable, never intact nor altered', () => {
    const pdf = Buffer.from("%PDF-1.7\n5 0 obj\n<< /Type /Sig /SubFilter /adbe.pkcs7.detached /ByteRange [0 80 86 30] /Contents <0102> >>\nendobj\n".padEnd(116, ' '), 'latin1');
    const holeStart = pdf.indexOf('<0102>');
    const fixed = Buffer.from(pdf.toString('latin1').replace('[0 80 86 30]', `[0 ${holeStart} ${holeStart + 6} ${pdf.byteLength - holeStart - 6}]`), 'latin1');
    expect(readPdfSignatures(fixed)[0]).toMatchObject({ integrity: 'não verificável' });
  });
});

describe('readPdfSignatures on hostile bytes', () => {
  it('stays bounded on files made of signature-looking syntax', () => {
    const started = Date.now();
    for (const unit of ['/ByteRange [0 1 2 3] ', '/ByteRange [', '1 0 obj ', '1 ', '<< /Type /DSS >> ', 'endstream ']) {
      const bytes = Buffer.from(unit.repeat(Math.ceil(4_000_000 / unit.length)), 'latin1');
      expect(readPdfSignatures(bytes).length).toBeLessThanOrEqual(8);
    }
    // Generous: a quadratic scan of 4 MB takes minutes.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe('pdfDate', () => {
  it('reads PDF dates with and without an offset', () => {
    expect(pdfDate("D:20250102030405-03'00'")).toBe('2025-01-02T06:04:05.000Z');
    expect(pdfDate('D:20211007181904Z')).toBe('2021-10-07T18:19:04.000Z');
    expect(pdfDate('D:2021')).toBe('2021-01-01T00:00:00.000Z');
    expect(pdfDate('nada')).toBeNull();
  });
});

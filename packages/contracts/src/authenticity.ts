import { z } from 'zod';

/**
 * What a paper carries to prove it is genuine: its digital signatures (read from the PDF's bytes)
 * and the validation codes a person can check on the issuer's site (read from its text). Stored
 * with the document after extraction and shown in its details as 'Autenticidade'.
 */

export const signatureIntegrity = z.enum(['intacta', 'alterada', 'conteúdo acrescentado após a assinatura', 'não verificável']);
export type SignatureIntegrity = z.infer<typeof signatureIntegrity>;

/**
 * What follows the signed bytes: only validation data (DSS: certificates and revocation lists),
 * another PDF revision (pages or forms may differ), or bytes that are not PDF at all.
 */
export const signatureAppended = z.enum(['validação', 'revisão', 'dados após o fim']);
export type SignatureAppended = z.infer<typeof signatureAppended>;

export const pdfSignature = z.object({
  /** The signer certificate's common name, without the taxpayer number ICP-Brasil CNs end with. */
  signer: z.string().nullable(),
  /** 'CPF ***.456.789-**' or 'CNPJ **.222.333/0001-**', from the certificate; never in full. */
  signerId: z.string().nullable(),
  /** The certificate authority that issued the signer's certificate (its CN). */
  certificateIssuer: z.string().nullable(),
  /** ISO 8601: the signed signing-time attribute, else the time the PDF's signature field declares. */
  signedAt: z.string().nullable(),
  /** adbe.pkcs7.detached, adbe.pkcs7.sha1, ETSI.CAdES.detached… */
  subFilter: z.string().nullable(),
  integrity: signatureIntegrity,
  /** Why, in Portuguese, for the user. */
  reason: z.string(),
  appended: signatureAppended.nullable(),
});
export type PdfSignature = z.infer<typeof pdfSignature>;

export const validationCode = z.object({
  /** Who checks it: 'Receita Federal / PGFN', 'ONR', 'TJSP — selo digital', a notary's site… */
  issuer: z.string(),
  code: z.string(),
  /** Where to check it: the address printed on the paper, or the issuer's checking page. */
  url: z.string().nullable(),
  /** 1-based page the code was read on. */
  page: z.number().int().positive(),
});
export type ValidationCode = z.infer<typeof validationCode>;

export const documentAuthenticity = z.object({
  signatures: z.array(pdfSignature),
  validationCodes: z.array(validationCode),
});
export type DocumentAuthenticity = z.infer<typeof documentAuthenticity>;

/** Shown under every signature: nothing here checks the chain to an ICP-Brasil root. */
export const CHAIN_NOT_VERIFIED = 'Cadeia de certificação não verificada (as raízes ICP-Brasil não são consultadas).';

export const INTEGRITY_LABELS: Record<SignatureIntegrity, string> = {
  intacta: 'intacta',
  alterada: 'documento alterado após a assinatura',
  'conteúdo acrescentado após a assinatura': 'conteúdo acrescentado após a assinatura',
  'não verificável': 'não verificável',
};

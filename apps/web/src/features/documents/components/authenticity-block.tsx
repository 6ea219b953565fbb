import { CHAIN_NOT_VERIFIED, type DocumentAuthenticity, type PdfSignature } from '@viabiliza/contracts/authenticity';
import { ExternalLink, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

/** What the integrity badge says, and how loud: a genuine paper with only validation data added is not a warning. */
function integrityOf(signature: PdfSignature): { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' } {
  switch (signature.integrity) {
    case 'intacta':
      return { label: 'intacta', variant: 'success' };
    case 'alterada':
      return { label: 'documento alterado após a assinatura', variant: 'destructive' };
    case 'conteúdo acrescentado após a assinatura':
      return signature.appended === 'validação'
        ? { label: 'intacta (dados de validação acrescentados depois)', variant: 'success' }
        : { label: 'conteúdo acrescentado após a assinatura', variant: 'warning' };
    default:
      return { label: 'não verificável', variant: 'secondary' };
  }
}

function IntegrityIcon({ variant }: { variant: ReturnType<typeof integrityOf>['variant'] }) {
  if (variant === 'success') return <ShieldCheck aria-hidden />;
  if (variant === 'secondary') return <ShieldQuestion aria-hidden />;
  return <ShieldAlert aria-hidden />;
}

function SignatureItem({ signature }: { signature: PdfSignature }) {
  const integrity = integrityOf(signature);
  const who = [signature.signer ?? 'signatário sem nome no certificado', signature.signerId].filter(Boolean).join(', ');
  return (
    <li className="space-y-1" data-testid="signature">
      <p>
        Assinado digitalmente por <span className="font-medium">{who}</span>
        {signature.signedAt && <> em {formatDateTime(signature.signedAt)}</>}
        {signature.certificateIssuer && <span className="text-muted-foreground"> (certificado emitido por {signature.certificateIssuer})</span>}
      </p>
      <p className="flex flex-wrap items-center gap-2">
        Integridade:
        <Badge variant={integrity.variant}>
          <IntegrityIcon variant={integrity.variant} />
          {integrity.label}
        </Badge>
      </p>
      <p className="text-xs text-muted-foreground">
        {signature.reason} {CHAIN_NOT_VERIFIED}
      </p>
    </li>
  );
}

/** Only http(s) addresses become links: the address comes from the document's own text. */
function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * 'Autenticidade': the document's digital signatures (signer, time, whether the signed bytes still
 * match) and the codes a person can check on the issuer's site. Nothing when the paper carries neither.
 */
export function AuthenticityBlock({ authenticity, fileName }: { authenticity: DocumentAuthenticity | null; fileName: string }) {
  if (!authenticity || (authenticity.signatures.length === 0 && authenticity.validationCodes.length === 0)) return null;
  return (
    <section aria-label={`Autenticidade de ${fileName}`} className="mt-4 space-y-3 border-t pt-4 text-sm" data-testid="authenticity">
      <h4 className="font-medium">Autenticidade</h4>
      {authenticity.signatures.length > 0 && (
        <ul className="space-y-3">
          {authenticity.signatures.map((signature, i) => (
            <SignatureItem key={i} signature={signature} />
          ))}
        </ul>
      )}
      {authenticity.validationCodes.length > 0 && (
        <ul className="space-y-1">
          {authenticity.validationCodes.map((code) => {
            const href = safeHref(code.url);
            return (
              <li key={`${code.issuer}-${code.code}`} data-testid="validation-code">
                Código de validação <span className="font-mono font-medium break-all">{code.code}</span>
                <span className="text-muted-foreground"> ({code.issuer}, p. {code.page})</span>
                {href && (
                  <>
                    {' '}
                    — conferir em{' '}
                    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline">
                      {href.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                      <ExternalLink className="size-3" aria-hidden />
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

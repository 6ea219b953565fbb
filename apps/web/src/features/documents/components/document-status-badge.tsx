import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@viabiliza/contracts/documents';

import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

const VARIANTS = {
  uploaded: 'secondary',
  processing: 'default',
  completed: 'success',
  error: 'destructive',
  quarantined: 'warning',
} as const satisfies Record<DocumentStatus, string>;

/** Spec 01 §2 'Upload area': Aguardando, Processando, Concluído, Erro, plus Quarentena. */
export function DocumentStatusBadge({ status, retrying = false }: { status: DocumentStatus; retrying?: boolean }) {
  // Between the queue's attempts a file is not 'Aguardando' its first reading: it says so.
  if (retrying) return <Badge variant="warning">Nova tentativa</Badge>;
  return (
    <Badge variant={VARIANTS[status]}>
      {status === 'processing' && <Spinner />}
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

import { File, FileSpreadsheet, FileText, Image } from 'lucide-react';

import { fileFamily } from '@/features/documents/utils/upload-rules';
import { cn } from '@/lib/utils';

const ICONS = { text: FileText, spreadsheet: FileSpreadsheet, image: Image, other: File } as const;

/** Icon by extension (spec 01 §2 'Upload area'). */
export function FileTypeIcon({ fileName, className }: { fileName: string; className?: string }) {
  const Icon = ICONS[fileFamily(fileName)];
  return <Icon className={cn('size-5 shrink-0 text-muted-foreground', className)} aria-hidden />;
}

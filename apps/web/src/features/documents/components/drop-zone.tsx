import { CloudUpload } from 'lucide-react';
import { useDropzone } from 'react-dropzone';

import { DROPZONE_ACCEPT } from '@/features/documents/utils/upload-rules';
import { cn } from '@/lib/utils';

/**
 * Spec 01 §2 'Upload area'. Size and count are checked by the caller (`checkFiles`) so that every
 * message is the spec's Portuguese one; only the type filter is left to react-dropzone, since it also
 * feeds the file picker. No 'reject' look while dragging: browsers often give no MIME type for DOCX
 * or XLSX during a drag, so it would flag good files. Focusable; Enter or Space opens the picker.
 */
export function DropZone({ onFiles }: { onFiles: (accepted: File[], typeRejected: File[]) => void }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: DROPZONE_ACCEPT,
    multiple: true,
    onDrop: (accepted, rejections) => onFiles(accepted, rejections.map((r) => r.file)),
  });

  // The file input stays outside the button (no control inside a control); the button is named by
  // all the text it shows, title and hint (its content), as a person sees it.
  return (
    <>
    <input {...getInputProps({ 'aria-label': 'Selecionar arquivos' })} />
    <div
      {...getRootProps({ role: 'button' })}
      className={cn(
        'flex min-h-44 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-8 text-center transition-colors outline-none',
        'hover:border-primary/60 hover:bg-accent/40 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isDragActive && 'border-primary bg-primary/5',
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <CloudUpload className="size-6" aria-hidden />
      </span>
      <p className="font-medium">
        {isDragActive ? 'Solte os arquivos aqui...' : 'Arraste arquivos aqui ou clique para selecionar'}
      </p>
      <p className="text-sm text-muted-foreground">
        Suporta: PDF, DOCX, XLSX, PNG, JPG (máx. 10MB cada)
      </p>
    </div>
    </>
  );
}

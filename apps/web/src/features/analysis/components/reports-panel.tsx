import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';

import { REPORT_TEXT_FILE } from '@/features/analysis/utils/result';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * 'Relatórios'. For a saved analysis the route passes `actions` (HTML, PDF, print and text from the
 * server); the demo example, which is not saved, keeps the text file of spec 01 §2 ('A download
 * helper saves it as analise-resultado.txt').
 */
export function ReportsPanel({ onDownload, actions }: { onDownload: () => void; actions?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Relatórios</h2>
        </CardTitle>
        <CardDescription>
          {actions ? 'Gere o relatório desta análise em HTML ou PDF, imprima ou exporte o texto.' : 'Baixe o relatório completo desta análise.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {actions ?? (
          <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center">
            <div className="flex-1 space-y-0.5">
              <p className="font-medium">Relatório em texto</p>
              <p className="text-sm text-muted-foreground">
                O relatório com todas as tabelas, em texto simples ({REPORT_TEXT_FILE}).
              </p>
            </div>
            <Button className="w-full sm:w-auto" onClick={onDownload}>
              <Download aria-hidden />
              Baixar Relatório
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

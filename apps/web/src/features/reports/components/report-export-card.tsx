import { FileDown } from 'lucide-react';

import { ReportActions } from '@/features/reports/components/report-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * 'Relatório' on both analysis detail pages (issue 18): the saved analysis viewed, downloaded as HTML
 * in the three templates or as a PDF, printed or exported as text — the same server-rendered files as
 * on /analise, so a saved analysis is never only readable on screen.
 */
export function ReportExportCard({ analysisId, title, resultContent }: { analysisId: string; title: string; resultContent: string }) {
  return (
    <Card className="gap-3 py-4 sm:py-6" aria-labelledby="report-export-title" data-testid="report-export">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="report-export-title" className="flex items-center gap-2 text-lg">
            <FileDown className="size-5 text-primary" aria-hidden />
            Relatório
          </h2>
        </CardTitle>
        <CardDescription>Visualize, baixe em HTML (executivo, técnico ou completo) ou em PDF.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ReportActions analysisId={analysisId} title={title} resultContent={resultContent} />
      </CardContent>
    </Card>
  );
}

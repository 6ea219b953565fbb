import {
  REPORT_MESSAGES,
  REPORT_TEMPLATES,
  REPORT_TEMPLATE_DESCRIPTIONS,
  REPORT_TEMPLATE_IDS,
  reportOptionsSchema,
  type ReportTemplate,
} from '@viabiliza/contracts/reports';
import { Download, ExternalLink, Eye, FileDown, FileText, Printer, type LucideIcon } from 'lucide-react';
import { useId } from 'react';

import { useDownloadReportHtml, usePrintReport, useViewReportHtml, type ReportRequest } from '@/features/reports/api/get-report-html';
import { useDownloadReportPdf, useOpenReportPdf } from '@/features/reports/api/get-report-pdf';
import { useExportReportText } from '@/features/reports/api/get-text-export';
import { ReportOptionsPopover } from '@/features/reports/components/report-options-popover';
import { useReportOptions } from '@/features/reports/hooks/use-report-options';
import { openPendingTab } from '@/features/reports/utils/report-file';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/toast';

export interface ReportActionsProps {
  analysisId: string;
  /** The property's title (names the files). */
  title: string;
  /** The report's text: without it there is nothing to generate from. */
  resultContent: string;
  className?: string;
}

/**
 * The report actions of a saved analysis (spec 01 §2 'Analysis detail', §8 'Reports'): the template,
 * the options, and view / download HTML, PDF (download and open), print and text export. Routes
 * place it where a saved analysis is shown; every file comes from the server.
 */
export function ReportActions({ analysisId, title, resultContent, className }: ReportActionsProps) {
  const id = useId();
  const { options, setOptions, reset } = useReportOptions();
  const viewHtml = useViewReportHtml();
  const downloadHtml = useDownloadReportHtml();
  const downloadPdf = useDownloadReportPdf();
  const openPdf = useOpenReportPdf();
  const print = usePrintReport();
  const exportText = useExportReportText();

  /** The request for the current options, or null (with the spec's toast) when there is no data to report. */
  const request = (): ReportRequest | null => {
    if (!analysisId || !resultContent.trim()) {
      toast.error(REPORT_MESSAGES.insufficientData);
      return null;
    }
    // The form keeps values in range; the schema is the same one the server applies.
    const parsed = reportOptionsSchema.safeParse(options);
    return { analysisId, title, options: parsed.success ? parsed.data : reportOptionsSchema.parse({ template: options.template }) };
  };

  /** Tabs are opened inside the click; the report is loaded into them when it arrives. */
  const inTab = (run: (r: ReportRequest & { tab: Window | null }) => void) => () => {
    const r = request();
    if (r) run({ ...r, tab: openPendingTab() });
  };
  const direct = (run: (r: ReportRequest) => void) => () => {
    const r = request();
    if (r) run(r);
  };

  const actions: { label: string; icon: LucideIcon; pending: boolean; onClick: () => void; primary?: boolean }[] = [
    { label: 'Visualizar Relatório', icon: Eye, pending: viewHtml.isPending, onClick: inTab(viewHtml.mutate), primary: true },
    { label: 'Baixar Relatório HTML', icon: Download, pending: downloadHtml.isPending, onClick: direct(downloadHtml.mutate) },
    { label: 'Baixar PDF', icon: FileDown, pending: downloadPdf.isPending, onClick: direct(downloadPdf.mutate), primary: true },
    { label: 'Abrir PDF', icon: ExternalLink, pending: openPdf.isPending, onClick: inTab(openPdf.mutate) },
    { label: 'Imprimir', icon: Printer, pending: print.isPending, onClick: direct(print.mutate) },
    { label: 'Exportar texto', icon: FileText, pending: exportText.isPending, onClick: direct((r) => exportText.mutate({ analysisId: r.analysisId, title: r.title })) },
  ];

  return (
    <div className={cn('space-y-4', className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor={`${id}-template`}>Modelo do relatório</Label>
          <NativeSelect
            id={`${id}-template`}
            value={options.template}
            onChange={(event) => setOptions({ ...options, template: event.target.value as ReportTemplate })}
          >
            {REPORT_TEMPLATE_IDS.map((template) => (
              <option key={template} value={template}>
                {REPORT_TEMPLATES[template]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ReportOptionsPopover value={options} onChange={setOptions} onReset={reset} />
      </div>
      <p className="text-sm text-muted-foreground">{REPORT_TEMPLATE_DESCRIPTIONS[options.template]}</p>

      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {actions.map(({ label, icon: Icon, pending, onClick, primary }) => (
          <Button key={label} variant={primary ? 'default' : 'outline'} className="justify-start" onClick={onClick} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : <Icon aria-hidden />}
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}

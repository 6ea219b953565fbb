import type { SessionUser } from '@viabiliza/contracts/auth';
import { ChevronDown, FolderUp } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import {
  AnalysisResults,
  AnalysisResultsError,
  AnalysisResultsSkeleton,
} from '@/features/analysis/components/analysis-results';
import { AnalysisSetupCard } from '@/features/analysis/components/analysis-setup-card';
import { ApiSettingsView } from '@/features/analysis/components/api-settings-view';
import { ExampleBanner, FreeSystemBanner } from '@/features/analysis/components/banners';
import { StartPanel } from '@/features/analysis/components/start-panel';
import { SummaryCards } from '@/features/analysis/components/summary-cards';
import { useAnalysisWorkspace } from '@/features/analysis/hooks/use-analysis-workspace';
import type { ReadyDocument } from '@/features/analysis/utils/preconditions';
import { useDocuments } from '@/features/documents/api/get-documents';
import { DocumentsWorkspace } from '@/features/documents/components/documents-workspace';
import { QuestionnaireCard } from '@/features/questionnaire/components/questionnaire-card';
import { useQuestionnaireDraft } from '@/features/questionnaire/hooks/use-questionnaire-draft';
import { ReportActions } from '@/features/reports/components/report-actions';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

/**
 * /analise and /analisar-area (spec 01 §2 'Analysis workspace'). The page composes three features:
 * the questionnaire (its draft lives here and is handed to the analysis), the documents (their
 * completed files are handed to the analysis as props) and the analysis itself.
 */
export default function AnalysisRoute() {
  const { user, isLoading } = useSession();
  usePageMeta({ title: 'Análise de Viabilidade', noindex: true });

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para acessar a análise de viabilidade" />;
  return <AnalysisScreen user={user} />;
}

function AnalysisScreen({ user }: { user: SessionUser }) {
  const draft = useQuestionnaireDraft(user.id);
  const documents = useDocuments();
  const list = documents.data?.documents;
  const ready = useMemo<ReadyDocument[]>(
    () => (list ?? []).filter((d) => d.status === 'completed').map((d) => ({ id: d.id, fileName: d.fileName })),
    [list],
  );
  const workspace = useAnalysisWorkspace({ userId: user.id, questionnaire: draft.values, documents: ready });
  const [showUpload, setShowUpload] = useState(true);

  // A result asked for now is brought into view: it appears below the long questionnaire.
  const resultRef = useRef<HTMLElement>(null);
  const revealed = useRef(0);
  const { revealKey, shown, resultLoading } = workspace;
  useEffect(() => {
    if (revealKey === revealed.current || (!shown && !resultLoading)) return;
    revealed.current = revealKey;
    resultRef.current?.scrollIntoView({ block: 'start' });
  }, [revealKey, shown, resultLoading]);

  return (
    <Page>
      {workspace.showApiSettings && <ApiSettingsView onBack={() => workspace.setShowApiSettings(false)} />}
      {/* Hidden, not unmounted, behind the settings view: uploads and runs in progress carry on. */}
      <div hidden={workspace.showApiSettings} className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Análise de Viabilidade</h1>
          <p className="text-sm text-muted-foreground">
            Descreva o imóvel no questionário, envie os documentos que tiver e inicie a análise.
          </p>
        </div>

        <div className="space-y-3">
          {workspace.canUseDemo && <ExampleBanner demoMode={workspace.demoMode} onToggle={workspace.toggleDemo} />}
          <FreeSystemBanner onDetails={() => workspace.setShowApiSettings(true)} />
        </div>

        <AnalysisSetupCard
          analysisType={workspace.analysisType}
          onAnalysisTypeChange={workspace.setAnalysisType}
          provider={workspace.provider}
          onProviderChange={workspace.setProvider}
          disabled={workspace.running}
        />

        <SummaryCards readyCount={ready.length} loading={documents.isPending} done={workspace.shown !== null} />

        <QuestionnaireCard draft={draft} />

        <section aria-labelledby="documents-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="documents-title" className="flex items-center gap-2 text-lg font-semibold">
              <FolderUp className="size-5 text-primary" aria-hidden />
              Documentos
            </h2>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showUpload}
              aria-controls="documents-area"
              onClick={() => setShowUpload((v) => !v)}
            >
              {showUpload ? 'Ocultar área de upload' : 'Mostrar área de upload'}
              <ChevronDown className={showUpload ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden />
            </Button>
          </div>
          {/* Hidden, not unmounted: an upload in progress and its announcements go on while it is closed. */}
          <div id="documents-area" hidden={!showUpload}>
            <DocumentsWorkspace />
          </div>
        </section>

        <StartPanel
          demoMode={workspace.demoMode}
          running={workspace.running}
          loadingExample={workspace.demoMode && workspace.resultLoading}
          stepText={workspace.stepText}
          disabled={workspace.startDisabled}
          message={workspace.message}
          messageTone={workspace.messageTone}
          canExport={workspace.shown !== null}
          onStart={workspace.start}
          onExport={workspace.exportText}
        />

        <section ref={resultRef} aria-label="Resultado" className="min-w-0 scroll-mt-20">
          {workspace.resultLoading ? (
            <AnalysisResultsSkeleton />
          ) : workspace.resultError ? (
            <AnalysisResultsError error={workspace.resultError} onRetry={workspace.retryResult} />
          ) : workspace.shown && !workspace.showApiSettings ? (
            // Not kept behind the settings view: a chart in a hidden box measures nothing and warns.
            <AnalysisResults
              analysis={workspace.shown}
              onDownload={workspace.exportText}
              reportActions={
                workspace.shown.kind === 'saved' && workspace.shown.id ? (
                  <ReportActions
                    analysisId={workspace.shown.id}
                    title={workspace.shown.property.title}
                    resultContent={workspace.shown.resultContent}
                  />
                ) : undefined
              }
            />
          ) : null}
        </section>
      </div>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl min-w-0 space-y-6 px-4 py-8 sm:px-6 lg:px-8">{children}</div>;
}

import type { SessionUser } from '@viabiliza/contracts/auth';
import { ChevronDown, FolderUp, LayoutGrid, Rows3 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { AnalysisTabs } from '@/app/routes/analysis-tabs';
import {
  AnalysisOverview,
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
import { DocumentsWorkspace, useDocumentsState } from '@/features/documents/components/documents-workspace';
import { useProperty } from '@/features/properties/api/get-property';
import { MoveDocumentsDialog } from '@/features/properties/components/move-documents-dialog';
import { NewPropertyBanner, PropertyWorkspaceBanner } from '@/features/properties/components/property-workspace-banner';
import { QuestionnaireCard } from '@/features/questionnaire/components/questionnaire-card';
import { useQuestionnaireDraft } from '@/features/questionnaire/hooks/use-questionnaire-draft';
import { parseDraft, questionnaireStorageKey, serializeDraft } from '@/features/questionnaire/utils/draft';
import { ReportActions } from '@/features/reports/components/report-actions';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { PROPERTY_PARAM, propertyIdFromParams } from '@/lib/property-workspace';
import { useSession } from '@/lib/session';

const AdvancedAnalysisView = lazy(() => import('@/app/routes/analysis-advanced'));

/** `?visao=avancada` opens the advanced view; the standard view is the default. */
const VIEW_PARAM = 'visao';
const ADVANCED = 'avancada';

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
  const [params, setParams] = useSearchParams();
  // 'Nova análise deste imóvel' (?imovel=): that property's documents and last questionnaire, and
  // the run saves against it. An id that is not the user's falls back to a new property.
  const requestedPropertyId = propertyIdFromParams(params);
  const property = useProperty(requestedPropertyId);
  const propertyMissing = property.isError && property.error instanceof ApiError && property.error.status === 404;
  const propertyId = requestedPropertyId && !propertyMissing ? requestedPropertyId : null;
  const draft = useQuestionnaireDraft(user.id, propertyId);
  // 'Novo imóvel' got its property with its first upload: the workspace becomes that property's,
  // and the questionnaire typed so far goes with it (the new-property draft starts empty again).
  // The values at the end of the upload, not those of the render that started it.
  const latestDraft = useRef(draft.values);
  useEffect(() => {
    latestDraft.current = draft.values;
  }, [draft.values]);
  const adoptProperty = (id: string) => {
    try {
      const json = serializeDraft(latestDraft.current);
      if (json !== null) localStorage.setItem(questionnaireStorageKey(user.id, id), json);
      localStorage.removeItem(questionnaireStorageKey(user.id, null));
    } catch {
      // Storage disabled: the form starts again from the property, nothing else is lost.
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PROPERTY_PARAM, id);
        return next;
      },
      { replace: true },
    );
  };
  // Above both views: an upload and its announcements go on when the view is switched.
  const documentsState = useDocumentsState(propertyId, adoptProperty);
  // Every document of the person, for 'Trazer documento de outro imóvel' (the same cached list).
  const allDocuments = useDocuments({ enabled: propertyId !== null }).data?.documents;
  const documents = documentsState.documents;
  const list = documents.data?.documents;

  // The property's last questionnaire fills the form once, unless this browser already holds a
  // draft of a new analysis of it (kept on reload like any draft).
  const { replace: replaceDraft, hadDraft } = draft;
  const seeded = useRef<string | null>(null);
  const loadedProperty = property.data?.property;
  useEffect(() => {
    if (!loadedProperty || seeded.current === loadedProperty.id) return;
    seeded.current = loadedProperty.id;
    if (!hadDraft && loadedProperty.questionnaire) replaceDraft(parseDraft(JSON.stringify(loadedProperty.questionnaire)));
  }, [loadedProperty, hadDraft, replaceDraft]);
  const advanced = params.get(VIEW_PARAM) === ADVANCED;
  const setAdvanced = (on: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (on) next.set(VIEW_PARAM, ADVANCED);
        else next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  const ready = useMemo<ReadyDocument[]>(
    () => (list ?? []).filter((d) => d.status === 'completed').map((d) => ({ id: d.id, fileName: d.fileName })),
    [list],
  );
  // Issue 18: documents still being read hold 'Iniciar Análise' (with the count, live).
  const readingCount = useMemo(
    () => (list ?? []).filter((d) => d.status === 'uploaded' || d.status === 'processing').length,
    [list],
  );
  const workspace = useAnalysisWorkspace({ userId: user.id, questionnaire: draft.values, documents: ready, readingCount, propertyId });
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

  const banners = (
    <div className="space-y-3">
      {requestedPropertyId ? (
        <PropertyWorkspaceBanner
          propertyId={requestedPropertyId}
          title={loadedProperty?.title ?? null}
          loading={property.isPending}
          missing={propertyMissing}
        />
      ) : (
        <NewPropertyBanner />
      )}
      {workspace.canUseDemo && <ExampleBanner demoMode={workspace.demoMode} onToggle={workspace.toggleDemo} />}
      <FreeSystemBanner onDetails={() => workspace.setShowApiSettings(true)} />
    </div>
  );
  const setupCard = (
    <AnalysisSetupCard
      analysisType={workspace.analysisType}
      onAnalysisTypeChange={workspace.setAnalysisType}
      provider={workspace.provider}
      onProviderChange={workspace.setProvider}
      disabled={workspace.running}
    />
  );
  const runner = (
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
  );
  const result = (
    <section ref={resultRef} aria-label="Resultado" className="min-w-0 scroll-mt-20">
      {workspace.resultLoading ? (
        <AnalysisResultsSkeleton />
      ) : workspace.resultError ? (
        <AnalysisResultsError error={workspace.resultError} onRetry={workspace.retryResult} />
      ) : workspace.shown && !workspace.showApiSettings ? (
        // Not kept behind the settings view: a chart in a hidden box measures nothing and warns.
        <AnalysisTabs
          analysis={workspace.shown}
          report={<AnalysisOverview analysis={workspace.shown} />}
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
  );
  const savedId = workspace.shown?.kind === 'saved' && workspace.shown.id ? workspace.shown.id : null;

  return (
    <Page>
      {workspace.showApiSettings && <ApiSettingsView onBack={() => workspace.setShowApiSettings(false)} />}
      {/* Hidden, not unmounted, behind the settings view: uploads and runs in progress carry on. */}
      <div hidden={workspace.showApiSettings} className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {advanced ? 'Análise Inteligente' : 'Análise de Viabilidade'}
            </h1>
            <p className="text-sm text-muted-foreground">
              {advanced
                ? 'Documentos, extração, visualizador, analytics e chat da mesma análise, em abas.'
                : 'Descreva o imóvel no questionário, envie os documentos que tiver e inicie a análise.'}
            </p>
          </div>
          <div role="group" aria-label="Visão da página" className="inline-flex rounded-lg border p-0.5">
            <Button variant={advanced ? 'ghost' : 'secondary'} size="sm" aria-pressed={!advanced} onClick={() => setAdvanced(false)}>
              <Rows3 aria-hidden />
              Padrão
            </Button>
            <Button variant={advanced ? 'secondary' : 'ghost'} size="sm" aria-pressed={advanced} onClick={() => setAdvanced(true)}>
              <LayoutGrid aria-hidden />
              Avançada
            </Button>
          </div>
        </div>

        {advanced ? (
          <Suspense fallback={<Skeleton role="status" aria-label="Carregando visão avançada" className="h-96 w-full" />}>
            <AdvancedAnalysisView
              documents={documentsState}
              analysisId={savedId}
              done={workspace.shown !== null}
              setup={
                <>
                  {banners}
                  {setupCard}
                  <QuestionnaireCard draft={draft} />
                </>
              }
              runner={runner}
              result={result}
            />
          </Suspense>
        ) : (
          <>
            {banners}
            {setupCard}

            <SummaryCards readyCount={ready.length} loading={documents.isPending} done={workspace.shown !== null} />

            <QuestionnaireCard draft={draft} />

            <section aria-labelledby="documents-title" className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="documents-title" className="flex items-center gap-2 text-lg font-semibold">
                  <FolderUp className="size-5 text-primary" aria-hidden />
                  Documentos
                </h2>
                {propertyId && <MoveDocumentsDialog propertyId={propertyId} documents={allDocuments ?? []} />}
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
                <DocumentsWorkspace state={documentsState} />
              </div>
            </section>

            {runner}
            {result}
          </>
        )}
      </div>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  // Wider from 1024 px: the report's tables fit at 1280 px without sideways scrolling.
  return <div className="mx-auto w-full max-w-5xl min-w-0 space-y-6 px-4 py-8 sm:px-6 lg:max-w-7xl lg:px-8">{children}</div>;
}

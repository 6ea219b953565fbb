import { analysisTypeLabel, type AnalysisDetail } from '@viabiliza/contracts/analysis';
import { HISTORY_MESSAGES } from '@viabiliza/contracts/history';
import { ArrowLeft, History, LayoutDashboard } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';

import { AnalysisTabs } from '@/app/routes/analysis-tabs';
import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { MarkdownReport } from '@/features/analysis/components/markdown-report';
import { ReferenceWarningsBanner, readReferenceWarnings } from '@/features/analysis/components/reference-warnings-banner';
import { REPORT_TEXT_FILE, fromDetail } from '@/features/analysis/utils/result';
import {
  AnalysisDetailHeader,
  AnalysisDetailLayout,
  AnalysisDetailSkeleton,
  AnalysisDetailsCard,
  AnalysisNotFound,
  AnalysisReportSection,
  DetailPage,
  shortAnalysisLabel,
} from '@/features/history/components/analysis-detail';
import { isMissing } from '@/features/history/utils/errors';
import { ReportActions } from '@/features/reports/components/report-actions';
import { ReportExportCard } from '@/features/reports/components/report-export-card';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { downloadTextFile } from '@/lib/download';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * /dashboard/analysis/:id, variant A of the analysis detail (spec 01 §2), reached from the history.
 * Someone else's analysis answers 404 on the server and shows 'Análise não encontrada'; any other
 * failure shows 'Erro ao carregar análise' and goes back to /history (spec 01 §4 'Page loading').
 */
export default function AnalysisDetailRoute() {
  const { id = '' } = useParams();
  const { user, isLoading } = useSession();
  const analysis = useAnalysis(user ? id : null);
  const data = analysis.data?.analysis;
  usePageMeta({ title: data ? `${shortAnalysisLabel(data.id)} · ${data.property.title}` : 'Análise', noindex: true });

  const navigate = useNavigate();
  const failed = analysis.isError && !isMissing(analysis.error);
  useEffect(() => {
    if (!failed) return;
    toast.error(analysis.error instanceof ApiError ? HISTORY_MESSAGES.analysisLoadError : HISTORY_MESSAGES.analysisUnexpectedError);
    void navigate('/history', { replace: true });
  }, [failed, analysis.error, navigate]);

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para ver esta análise" />;
  if (analysis.isError && !failed) {
    return (
      <AnalysisNotFound
        title={HISTORY_MESSAGES.analysisNotFound}
        message="Ela pode ter sido removida, ou o endereço está incorreto."
        action={
          <Button asChild>
            <Link to="/history">
              <History aria-hidden />
              Voltar ao histórico
            </Link>
          </Button>
        }
      />
    );
  }
  if (!data) {
    return (
      <DetailPage>
        <AnalysisDetailSkeleton />
      </DetailPage>
    );
  }
  return <AnalysisDetailA analysis={data} />;
}

function AnalysisDetailA({ analysis }: { analysis: AnalysisDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const label = shortAnalysisLabel(analysis.id);
  // 'Voltar' goes where the person came from; opened directly (a new tab from the dashboard), to the history.
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate('/history'));

  return (
    <DetailPage>
      <AnalysisDetailHeader
        analysis={analysis}
        breadcrumb={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Histórico', to: '/history' }, { label }]}
        actions={
          <>
            <Button variant="outline" onClick={back}>
              <ArrowLeft aria-hidden />
              Voltar
            </Button>
            <Button asChild variant="outline">
              <Link to="/history">
                <History aria-hidden />
                Ver Histórico
              </Link>
            </Button>
          </>
        }
      />
      <ReportExportCard analysisId={analysis.id} title={analysis.property.title} resultContent={analysis.resultContent} />
      <AnalysisTabs
        analysis={fromDetail(analysis)}
        onDownload={() => downloadTextFile(REPORT_TEXT_FILE, analysis.resultContent)}
        reportActions={<ReportActions analysisId={analysis.id} title={analysis.property.title} resultContent={analysis.resultContent} />}
        report={
          <AnalysisDetailLayout
            report={
              <AnalysisReportSection analysis={analysis}>
                <ReferenceWarningsBanner warnings={readReferenceWarnings(analysis.result)} className="mb-4" />
                <MarkdownReport content={analysis.resultContent} />
              </AnalysisReportSection>
            }
            details={<AnalysisDetailsCard analysis={analysis} />}
          />
        }
      />
    </DetailPage>
  );
}

/**
 * /analysis/:id, variant B of the analysis detail (spec 01 §2), reached from a property: trail
 * Dashboard > Propriedades > Análise {type}, 'Download PDF', 'Histórico de Análises' of the property.
 */
export function PropertyAnalysisDetailRoute() {
  const { id = '' } = useParams();
  const { user, isLoading } = useSession();
  const analysis = useAnalysis(user ? id : null);
  const data = analysis.data?.analysis;
  usePageMeta({ title: data ? `Análise ${analysisTypeLabel(data.analysisType)} · ${data.property.title}` : 'Análise', noindex: true });

  const failed = analysis.isError && !isMissing(analysis.error);
  useEffect(() => {
    if (failed) toast.error('Erro', { description: 'Não foi possível carregar a análise.' });
  }, [failed, analysis.errorUpdatedAt]);

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para ver esta análise" />;
  if (analysis.isError && !failed) {
    return (
      <AnalysisNotFound
        title={HISTORY_MESSAGES.analysisNotFound}
        message={HISTORY_MESSAGES.analysisNotFoundOrForbidden}
        action={
          <Button asChild>
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden />
              Voltar ao Dashboard
            </Link>
          </Button>
        }
      />
    );
  }
  if (failed) {
    return (
      <DetailPage>
        <QueryError
          title="Não foi possível carregar a análise."
          error={analysis.error}
          onRetry={() => void analysis.refetch()}
          isRetrying={analysis.isFetching}
        />
      </DetailPage>
    );
  }
  if (!data) {
    return (
      <DetailPage>
        <AnalysisDetailSkeleton />
      </DetailPage>
    );
  }
  return <AnalysisDetailB analysis={data} />;
}

function AnalysisDetailB({ analysis }: { analysis: AnalysisDetail }) {
  return (
    <DetailPage>
      <AnalysisDetailHeader
        analysis={analysis}
        breadcrumb={[
          { label: 'Dashboard', to: '/dashboard' },
          // There is no property list page: 'Propriedades' leads to the dashboard, where they are.
          { label: 'Propriedades', to: '/dashboard' },
          { label: `Análise ${analysisTypeLabel(analysis.analysisType)}` },
        ]}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/dashboard">
                <ArrowLeft aria-hidden />
                Voltar
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/dashboard/property/${analysis.propertyId}/history`}>
                <History aria-hidden />
                Histórico de Análises
              </Link>
            </Button>
          </>
        }
      />
      <ReportExportCard analysisId={analysis.id} title={analysis.property.title} resultContent={analysis.resultContent} />
      <AnalysisTabs
        analysis={fromDetail(analysis)}
        onDownload={() => downloadTextFile(REPORT_TEXT_FILE, analysis.resultContent)}
        reportActions={<ReportActions analysisId={analysis.id} title={analysis.property.title} resultContent={analysis.resultContent} />}
        report={
          <AnalysisDetailLayout
            report={
              <AnalysisReportSection analysis={analysis}>
                <ReferenceWarningsBanner warnings={readReferenceWarnings(analysis.result)} className="mb-4" />
                <MarkdownReport content={analysis.resultContent} />
              </AnalysisReportSection>
            }
            details={<AnalysisDetailsCard analysis={analysis} propertyHistoryLink={false} />}
          />
        }
      />
    </DetailPage>
  );
}

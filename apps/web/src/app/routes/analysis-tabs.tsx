import {
  Eye,
  FileSearch,
  FileText,
  Files,
  Lightbulb,
  LineChart,
  MessageCircle,
  Scale,
  SlidersHorizontal,
  Smile,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';

import { DossierPanel } from '@/features/analysis/components/dossier-panel';
import { InsightsPanel } from '@/features/analysis/components/insights-panel';
import { PredictivePanel } from '@/features/analysis/components/predictive-panel';
import { ReportsPanel } from '@/features/analysis/components/reports-panel';
import { SentimentPanel } from '@/features/analysis/components/sentiment-panel';
import { SuggestionsPanel } from '@/features/analysis/components/suggestions-panel';
import { ValuationPanel } from '@/features/analysis/components/valuation-panel';
import { WhatIfTab } from '@/features/analysis/components/what-if-tab';
import { readDossier } from '@/features/analysis/utils/dossier';
import type { ShownAnalysis } from '@/features/analysis/utils/result';
import { AnalysisChat } from '@/features/chat/components/analysis-chat';
import { CollaborationPanel } from '@/features/collaboration/components/collaboration-panel';
import { ViewerPanel } from '@/features/viewer/components/viewer-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The one tab list of an analysis, on the analysis screen and on both detail pages: the same tabs in
 * the same order wherever an analysis is shown. Only 'Análise' (the report) differs by page (the screen's
 * figures and charts, the detail's saved report with its details); the demo example, which is not
 * saved, keeps the tabs that need a saved analysis visible but disabled.
 */
const TABS = [
  { value: 'report', label: 'Análise', icon: FileText, saved: false },
  { value: 'what-if', label: 'Simular cenário', icon: SlidersHorizontal, saved: true },
  { value: 'dossier', label: 'Diligência', icon: FileSearch, saved: false },
  { value: 'valuation', label: 'Avaliação', icon: Scale, saved: false },
  { value: 'sentiment', label: 'Sentimento', icon: Smile, saved: false },
  { value: 'analytics', label: 'Analytics', icon: LineChart, saved: false },
  { value: 'insights', label: 'Insights IA', icon: Lightbulb, saved: false },
  { value: 'reports', label: 'Relatórios', icon: Files, saved: false },
  { value: 'chat', label: 'Chat IA', icon: MessageCircle, saved: true },
  { value: 'viewer', label: 'Visualizador', icon: Eye, saved: true },
  { value: 'collaboration', label: 'Colaboração', icon: Users, saved: true },
] as const;

export function AnalysisTabs({
  analysis,
  report,
  onDownload,
  reportActions,
}: {
  analysis: ShownAnalysis;
  /** 'Análise': what this page shows of the report. */
  report: ReactNode;
  /** The text file of 'Relatórios' (the demo example, which has no server report). */
  onDownload: () => void;
  /** 'Relatórios' of a saved analysis: HTML, PDF, print and text from the server. */
  reportActions?: ReactNode;
}) {
  const savedId = analysis.kind === 'saved' ? analysis.id : null;
  return (
    <Tabs defaultValue="report" className="gap-4" aria-label="Análise">
      <TabsList className="flex h-auto w-full flex-wrap justify-start gap-0.5">
        {TABS.map(({ value, label, icon: Icon, saved }) => (
          <TabsTrigger
            key={value}
            value={value}
            className="min-h-11 flex-none px-2.5 py-1.5 sm:min-h-9"
            disabled={saved && !savedId}
            title={saved && !savedId ? 'Disponível em uma análise salva' : undefined}
          >
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="report" className="min-w-0 space-y-4">
        {report}
      </TabsContent>
      {savedId && (
        <TabsContent value="what-if">
          <WhatIfTab analysisId={savedId} result={analysis.result} />
        </TabsContent>
      )}
      <TabsContent value="dossier">
        <DossierPanel dossier={readDossier(analysis.result)} />
      </TabsContent>
      <TabsContent value="valuation">
        <ValuationPanel analysis={analysis} />
      </TabsContent>
      <TabsContent value="sentiment">
        <SentimentPanel analysisId={savedId} />
      </TabsContent>
      <TabsContent value="analytics" className="space-y-4">
        <PredictivePanel analysisId={savedId} />
        <SuggestionsPanel analysisId={savedId} />
      </TabsContent>
      <TabsContent value="insights">
        <InsightsPanel analysis={analysis} />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsPanel onDownload={onDownload} actions={reportActions} />
      </TabsContent>
      {savedId && (
        <>
          <TabsContent value="chat">
            <AnalysisChat analysisId={savedId} />
          </TabsContent>
          <TabsContent value="viewer">
            <ViewerPanel analysisId={savedId} />
          </TabsContent>
          <TabsContent value="collaboration">
            <CollaborationPanel analysisId={savedId} />
          </TabsContent>
        </>
      )}
    </Tabs>
  );
}

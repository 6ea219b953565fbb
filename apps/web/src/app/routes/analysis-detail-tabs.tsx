import type { Dossier } from '@viabiliza/contracts/dossier';
import { FileSearch, FileText, Eye, MessageCircle, SlidersHorizontal, Users } from 'lucide-react';
import type { ReactNode } from 'react';

import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { DossierPanel } from '@/features/analysis/components/dossier-panel';
import { WhatIfTab } from '@/features/analysis/components/what-if-tab';
import { AnalysisChat } from '@/features/chat/components/analysis-chat';
import { CollaborationPanel } from '@/features/collaboration/components/collaboration-panel';
import { ViewerPanel } from '@/features/viewer/components/viewer-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The analysis detail's tabs: the report as before, Diligência (the documents' due-diligence dossier,
 * issue 16), Simular cenário (the live what-if, issue 18), then Chat IA, Visualizador and Colaboração
 * (spec 01 §2 result tabs; spec 02 §2). Each tab loads its data only when opened.
 */
export function AnalysisDetailTabs({ analysisId, report, dossier }: { analysisId: string; report: ReactNode; dossier: Dossier | null }) {
  // Already in the cache: the route loaded it.
  const result = useAnalysis(analysisId).data?.analysis.result ?? null;
  return (
    <Tabs defaultValue="report" className="gap-4" aria-label="Análise">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-grid sm:w-fit sm:grid-cols-6">
        <TabsTrigger value="report" className="px-4 py-1.5">
          <FileText aria-hidden />
          Relatório
        </TabsTrigger>
        <TabsTrigger value="dossier" className="px-4 py-1.5">
          <FileSearch aria-hidden />
          Diligência
        </TabsTrigger>
        <TabsTrigger value="what-if" className="px-4 py-1.5">
          <SlidersHorizontal aria-hidden />
          Simular cenário
        </TabsTrigger>
        <TabsTrigger value="chat" className="px-4 py-1.5">
          <MessageCircle aria-hidden />
          Chat IA
        </TabsTrigger>
        <TabsTrigger value="viewer" className="px-4 py-1.5">
          <Eye aria-hidden />
          Visualizador
        </TabsTrigger>
        <TabsTrigger value="collaboration" className="px-4 py-1.5">
          <Users aria-hidden />
          Colaboração
        </TabsTrigger>
      </TabsList>
      <TabsContent value="report">{report}</TabsContent>
      <TabsContent value="dossier">
        <DossierPanel dossier={dossier} />
      </TabsContent>
      <TabsContent value="what-if">
        <WhatIfTab analysisId={analysisId} result={result} />
      </TabsContent>
      <TabsContent value="chat">
        <AnalysisChat analysisId={analysisId} />
      </TabsContent>
      <TabsContent value="viewer">
        <ViewerPanel analysisId={analysisId} />
      </TabsContent>
      <TabsContent value="collaboration">
        <CollaborationPanel analysisId={analysisId} />
      </TabsContent>
    </Tabs>
  );
}

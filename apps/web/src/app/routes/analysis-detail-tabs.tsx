import type { Dossier } from '@viabiliza/contracts/dossier';
import { FileSearch, FileText, Eye, MessageCircle, Users } from 'lucide-react';
import type { ReactNode } from 'react';

import { DossierPanel } from '@/features/analysis/components/dossier-panel';
import { AnalysisChat } from '@/features/chat/components/analysis-chat';
import { CollaborationPanel } from '@/features/collaboration/components/collaboration-panel';
import { ViewerPanel } from '@/features/viewer/components/viewer-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The analysis detail's tabs: the report as before, Diligência (the documents' due-diligence dossier,
 * issue 16), then Chat IA, Visualizador and Colaboração (spec 01 §2 result tabs; spec 02 §2). Each tab
 * loads its data only when opened.
 */
export function AnalysisDetailTabs({ analysisId, report, dossier }: { analysisId: string; report: ReactNode; dossier: Dossier | null }) {
  return (
    <Tabs defaultValue="report" className="gap-4" aria-label="Análise">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-grid sm:w-fit sm:grid-cols-5 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1">
        <TabsTrigger value="report" className="px-4 py-1.5">
          <FileText aria-hidden />
          Relatório
        </TabsTrigger>
        <TabsTrigger value="dossier" className="px-4 py-1.5">
          <FileSearch aria-hidden />
          Diligência
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

import { FileText, Eye, MessageCircle, Users } from 'lucide-react';
import type { ReactNode } from 'react';

import { AnalysisChat } from '@/features/chat/components/analysis-chat';
import { CollaborationPanel } from '@/features/collaboration/components/collaboration-panel';
import { ViewerPanel } from '@/features/viewer/components/viewer-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The analysis detail's tabs: the report as before, then Chat IA, Visualizador and Colaboração
 * (spec 01 §2 result tabs; spec 02 §2). Each tab loads its data only when opened.
 */
export function AnalysisDetailTabs({ analysisId, report }: { analysisId: string; report: ReactNode }) {
  return (
    <Tabs defaultValue="report" className="gap-4" aria-label="Análise">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-grid sm:w-fit sm:grid-cols-4">
        <TabsTrigger value="report" className="px-4 py-1.5">
          <FileText aria-hidden />
          Relatório
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

import { BarChart3, CheckCircle2, Clock, Eye, FileCheck2, FileUp, Home, LayoutDashboard, MessageCircle, ScanText, Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { PredictivePanel } from '@/features/analysis/components/predictive-panel';
import { SuggestionsPanel } from '@/features/analysis/components/suggestions-panel';
import { AnalysisChat } from '@/features/chat/components/analysis-chat';
import {
  completedCount,
  ExtractionArea,
  UploadArea,
  type DocumentsState,
} from '@/features/documents/components/documents-workspace';
import { ViewerPanel } from '@/features/viewer/components/viewer-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

type TabValue = 'upload' | 'extraction' | 'viewer' | 'analytics' | 'chat';

/**
 * The advanced view of /analise (spec 02 §2 'Intelligent analysis page'): three summary cards and
 * the tabs Upload & Análise, Extração IA, Visualizador, Analytics and Chat IA. Everything shown is
 * the same workspace as the standard view — the same documents, questionnaire, run and result —
 * arranged by task. Viewer, analytics and chat need a saved analysis; before one exists they say so.
 */
export default function AdvancedAnalysisView({
  documents,
  analysisId,
  done,
  setup,
  runner,
  result,
}: {
  documents: DocumentsState;
  /** The saved analysis on screen, or null (none yet, or the example). */
  analysisId: string | null;
  /** Whether an analysis result is on screen. */
  done: boolean;
  setup: ReactNode;
  runner: ReactNode;
  result: ReactNode;
}) {
  const [tab, setTab] = useState<TabValue>('upload');
  const list = documents.documents.data?.documents;
  const completed = completedCount(documents);
  const toUpload = () => setTab('upload');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to="/">
            <Home aria-hidden />
            Início
          </Link>
        </Button>
      </div>

      <div className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Resumo da análise" role="group">
        <SummaryCard icon={<FileUp className="size-5" aria-hidden />} label="Arquivos Enviados" loading={!list}>
          {list?.length ?? 0}
        </SummaryCard>
        <SummaryCard icon={<FileCheck2 className="size-5" aria-hidden />} label="Processados" loading={!list}>
          {completed}
        </SummaryCard>
        <SummaryCard
          icon={done ? <CheckCircle2 className="size-5 text-success" aria-hidden /> : <Clock className="size-5" aria-hidden />}
          label="Status"
          loading={false}
        >
          {done ? (
            <Badge variant="success" data-testid="advanced-status">
              Concluído
            </Badge>
          ) : (
            <Badge variant="secondary" data-testid="advanced-status">
              Aguardando
            </Badge>
          )}
        </SummaryCard>
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)} className="gap-4">
        <TabsList aria-label="Análise inteligente" className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3 lg:inline-grid lg:w-fit lg:grid-cols-5">
          <TabsTrigger value="upload" className="px-3 py-1.5">
            <Upload aria-hidden />
            Upload & Análise
          </TabsTrigger>
          <TabsTrigger value="extraction" className="px-3 py-1.5">
            <ScanText aria-hidden />
            Extração IA
          </TabsTrigger>
          <TabsTrigger value="viewer" className="px-3 py-1.5">
            <Eye aria-hidden />
            Visualizador
          </TabsTrigger>
          <TabsTrigger value="analytics" className="px-3 py-1.5">
            <BarChart3 aria-hidden />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="chat" className="px-3 py-1.5">
            <MessageCircle aria-hidden />
            Chat IA
          </TabsTrigger>
        </TabsList>

        {/* The upload, the questionnaire's draft and a run live above the tabs and go on behind the others. */}
        <TabsContent value="upload" className="space-y-6">
          <UploadArea state={documents} />
          {setup}
          {runner}
          {result}
          <SuggestionsPanel analysisId={analysisId} />
        </TabsContent>
        <TabsContent value="extraction">
          <ExtractionArea state={documents} />
        </TabsContent>
        <TabsContent value="viewer">
          {analysisId ? <ViewerPanel analysisId={analysisId} /> : <NeedsAnalysis what="o visualizador de fotos e planta" onGo={toUpload} />}
        </TabsContent>
        <TabsContent value="analytics">
          {analysisId ? <PredictivePanel analysisId={analysisId} /> : <NeedsAnalysis what="a análise preditiva" onGo={toUpload} />}
        </TabsContent>
        <TabsContent value="chat">
          {analysisId ? (
            <div className="grid min-w-0 items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <AnalysisChat analysisId={analysisId} />
              <SuggestionsPanel analysisId={analysisId} />
            </div>
          ) : (
            <NeedsAnalysis what="o chat sobre os documentos" onGo={toUpload} />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SummaryCard({ icon, label, loading, children }: { icon: ReactNode; label: string; loading: boolean; children: ReactNode }) {
  return (
    <Card className="py-3 sm:py-4">
      <CardContent className="flex items-center gap-3 px-3 sm:px-4">
        <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex">{icon}</div>
        <div className="min-w-0 space-y-1">
          <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
          {loading ? <Skeleton className="h-7 w-8" /> : <div className="text-2xl font-semibold tabular-nums">{children}</div>}
        </div>
      </CardContent>
    </Card>
  );
}

function NeedsAnalysis({ what, onGo }: { what: string; onGo: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
      <p>Conclua uma análise para usar {what}.</p>
      <Button variant="outline" size="sm" onClick={onGo}>
        Ir para Upload & Análise
      </Button>
    </div>
  );
}

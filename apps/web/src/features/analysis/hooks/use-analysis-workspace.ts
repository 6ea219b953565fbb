import {
  ANALYSIS_MESSAGES,
  RUN_STEP_LABELS,
  type AnalysisType,
  type RunSummary,
} from '@viabiliza/contracts/analysis';
import type { QuestionnaireInput } from '@viabiliza/contracts/questionnaire';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { useAnalysisRun } from '@/features/analysis/api/get-analysis-run';
import { useExampleAnalysis } from '@/features/analysis/api/get-example-analysis';
import { useStartAnalysisRun } from '@/features/analysis/api/start-analysis-run';
import { useAnalysisRunEvents } from '@/features/analysis/api/subscribe-analysis-run-events';
import { checkRunPreconditions, readingGate, type ReadyDocument } from '@/features/analysis/utils/preconditions';
import { REPORT_TEXT_FILE, fromDetail, fromExample, type ShownAnalysis } from '@/features/analysis/utils/result';
import { failureToasts, isFinalRun } from '@/features/analysis/utils/run-feedback';
import { ApiError, errorMessage } from '@/lib/api-client';
import { downloadTextFile } from '@/lib/download';
import { TOAST_DURATIONS, toast } from '@/lib/toast';

export const DEFAULT_PROVIDER = 'local';

/** The run being watched and the analysis shown survive a reload of the tab (not of the browser). */
interface StoredState {
  runId: string | null;
  analysisId: string | null;
}

/** Per user, and per property for a new analysis of one: each workspace shows its own last result. */
function storageKey(userId: string, propertyId: string | null) {
  return `viabiliza:analysis:${userId}${propertyId ? `:imovel:${propertyId}` : ''}`;
}

function readStored(key: string): StoredState {
  try {
    const data = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<StoredState> | null;
    const id = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : null);
    return { runId: id(data?.runId), analysisId: id(data?.analysisId) };
  } catch {
    return { runId: null, analysisId: null };
  }
}

function writeStored(key: string, state: StoredState) {
  try {
    if (!state.runId && !state.analysisId) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage disabled: the page works, it only forgets on reload.
  }
}

function showToasts(list: ReturnType<typeof failureToasts>) {
  for (const t of list) toast.error(t.message, { duration: t.duration });
}

export interface AnalysisWorkspace {
  analysisType: AnalysisType;
  setAnalysisType: (type: AnalysisType) => void;
  provider: string;
  setProvider: (provider: string) => void;
  /** 'Ver Exemplo' only when no completed file exists; demo mode ends when one appears. */
  canUseDemo: boolean;
  demoMode: boolean;
  toggleDemo: () => void;
  showApiSettings: boolean;
  setShowApiSettings: (open: boolean) => void;

  /** Start-button state. */
  running: boolean;
  /** The live step text while running ('Calculando a análise...'). */
  stepText: string | null;
  startDisabled: boolean;
  /** The precondition or validation message to show beside the button. */
  message: string | null;
  messageTone: 'hint' | 'error';
  start: () => void;

  shown: ShownAnalysis | null;
  /** Grows each time a result arrives that the person asked for now (not one restored on reload). */
  revealKey: number;
  /** The result is being fetched (after a run, on reload or for the demo). */
  resultLoading: boolean;
  resultError: unknown;
  retryResult: () => void;
  exportText: () => void;
}

/**
 * State and actions of the analysis screen (spec 01 §2 'Analysis workspace', §4 'Analysis run'):
 * preconditions, the run and its live steps over the event stream, the toasts of the outcome, the
 * result shown, and demo mode (the engine on a shipped example, nothing saved).
 */
export function useAnalysisWorkspace({
  userId,
  questionnaire,
  documents,
  propertyId = null,
  readingCount = 0,
}: {
  userId: string;
  questionnaire: QuestionnaireInput;
  /** The user's completed documents, handed over by the page from the documents feature. */
  documents: readonly ReadyDocument[];
  /** 'Nova análise deste imóvel': the run saves against this property instead of creating one. */
  propertyId?: string | null;
  /** Documents still being read (uploaded or processing): the run waits for them (issue 18). */
  readingCount?: number;
}): AnalysisWorkspace {
  const [analysisType, setAnalysisType] = useState<AnalysisType>('complete');
  const [provider, setProvider] = useState(DEFAULT_PROVIDER);
  const [demoToggled, setDemoToggled] = useState(false);
  const [showApiSettings, setShowApiSettings] = useState(false);
  const key = storageKey(userId, propertyId);
  const [storedState, setStoredState] = useState(() => ({ key, value: readStored(key) }));
  // Another workspace (another property, or none) in the same page: its own last run and result.
  if (storedState.key !== key) setStoredState({ key, value: readStored(key) });
  const stored = storedState.value;
  const setStored = useCallback(
    (next: StoredState | ((previous: StoredState) => StoredState)) =>
      setStoredState((previous) => ({ key: previous.key, value: typeof next === 'function' ? next(previous.value) : next })),
    [],
  );
  const [exampleType, setExampleType] = useState<AnalysisType | null>(null);
  const [attempted, setAttempted] = useState(false);
  // A refusal by the server, shown until the inputs it judged change.
  const [revealKey, setRevealKey] = useState(0);
  const [serverMessage, setServerMessage] = useState<{ message: string; check: unknown } | null>(null);

  const canUseDemo = documents.length === 0;
  const demoMode = demoToggled && canUseDemo;

  useEffect(() => writeStored(storedState.key, storedState.value), [storedState]);

  useAnalysisRunEvents({ enabled: true });
  const startRun = useStartAnalysisRun();
  const runQuery = useAnalysisRun(stored.runId);
  const run: RunSummary | undefined = runQuery.data?.run;
  const analysisQuery = useAnalysis(stored.analysisId);
  const exampleQuery = useExampleAnalysis(demoMode ? exampleType : null);

  // Outcome of a run: announced once, and only for runs started here or seen running here, so a
  // reload after the end does not announce it again (the notification bell has it).
  const watched = useRef(new Set<string>());
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!run) return;
    if (!isFinalRun(run)) {
      watched.current.add(run.id);
      return;
    }
    if (announced.current.has(run.id)) return;
    announced.current.add(run.id);
    const announce = watched.current.has(run.id);
    if (run.status === 'completed' && run.analysisId) {
      if (announce) {
        setRevealKey((k) => k + 1);
        if (run.cached) toast.info(ANALYSIS_MESSAGES.cached);
        else {
          toast.success(ANALYSIS_MESSAGES.saved, {
            description: ANALYSIS_MESSAGES.savedDescription,
            duration: TOAST_DURATIONS.analysisCompleted,
          });
        }
      }
      setStored({ runId: null, analysisId: run.analysisId });
    } else {
      if (announce) showToasts(failureToasts(run.error));
      setStored((previous) => ({ ...previous, runId: null }));
    }
  }, [run, setStored]);

  // A run id restored from the tab that no longer exists (another user, data reset): forget it.
  useEffect(() => {
    if (runQuery.error instanceof ApiError && runQuery.error.status === 404) {
      setStored((previous) => ({ ...previous, runId: null }));
    }
  }, [runQuery.error, setStored]);

  const runInFlight = stored.runId !== null && (!run || !isFinalRun(run));
  const running = startRun.isPending || runInFlight;
  const stepText = startRun.isPending
    ? RUN_STEP_LABELS.checking_cache
    : runInFlight
      ? (run?.stepLabel ?? RUN_STEP_LABELS.queued)
      : null;

  const check = useMemo(
    () => checkRunPreconditions({ signedIn: Boolean(userId), questionnaire, documents }),
    [userId, questionnaire, documents],
  );
  const noData = !check.ok && check.message === ANALYSIS_MESSAGES.noData;
  const waitingMessage = readingGate({ readingCount, demoMode, running });
  // Spec 01 §5: disabled while analysing, or with no data outside demo mode. The reason is shown
  // beside the button; the other preconditions are shown once the person tries to start.
  const startDisabled = running || waitingMessage !== null || (noData && !demoMode) || (demoMode && exampleQuery.isFetching);
  const serverSays = serverMessage?.check === check ? serverMessage.message : null;
  const message = demoMode
    ? null
    : (waitingMessage ?? serverSays ?? (noData || attempted ? (check.ok ? null : check.message) : null));
  const messageTone = waitingMessage === null && (serverSays || attempted) ? 'error' : 'hint';

  const start = () => {
    setServerMessage(null);
    if (demoMode) {
      setExampleType(analysisType);
      setRevealKey((k) => k + 1);
      return;
    }
    if (waitingMessage !== null) return;
    setAttempted(true);
    if (!check.ok || running) return;
    const body = {
      analysisType,
      questionnaire: check.questionnaire,
      documentIds: documents.map((d) => d.id),
      provider,
      ...(propertyId ? { propertyId } : {}),
    };
    startRun.mutate(body, {
      onSuccess: ({ run: started }) => {
        watched.current.add(started.id);
        setAttempted(false);
        setStored((previous) => ({ ...previous, runId: started.id }));
      },
      onError: (error) => {
        // 400: a precondition; 409: a document is being read again since the list was fetched.
        if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
          setServerMessage({ message: error.message, check });
          return;
        }
        showToasts(failureToasts(errorMessage(error), { rateLimited: error instanceof ApiError && error.status === 429 }));
      },
    });
  };

  const toggleDemo = () => {
    setDemoToggled((on) => !on);
    setExampleType(null);
    setServerMessage(null);
  };

  // Demo mode shows the example once asked for; otherwise the last saved analysis.
  const shown = useMemo<ShownAnalysis | null>(() => {
    if (demoMode) return exampleQuery.data ? fromExample(exampleQuery.data.analysis) : null;
    return analysisQuery.data ? fromDetail(analysisQuery.data.analysis) : null;
  }, [demoMode, exampleQuery.data, analysisQuery.data]);

  const activeQuery = demoMode ? exampleQuery : analysisQuery;
  const resultLoading = activeQuery.isLoading;
  const resultError = activeQuery.isError ? activeQuery.error : null;

  const exportText = () => {
    if (!shown) return;
    downloadTextFile(REPORT_TEXT_FILE, shown.resultContent);
    toast.success('Download iniciado');
  };

  return {
    analysisType,
    setAnalysisType,
    provider,
    setProvider,
    canUseDemo,
    demoMode,
    toggleDemo,
    showApiSettings,
    setShowApiSettings,
    running,
    stepText,
    startDisabled,
    message,
    messageTone,
    start,
    shown,
    revealKey,
    resultLoading,
    resultError,
    retryResult: () => void activeQuery.refetch(),
    exportText,
  };
}

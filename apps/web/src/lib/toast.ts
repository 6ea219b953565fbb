import type { ExternalToast, toast as sonnerToast } from 'sonner';

/** Spec 01 §9 'Toast durations'. Every toast of the app goes through here so durations stay in one place. */
export const TOAST_DURATIONS = {
  success: 4000,
  info: 4000,
  warning: 5000,
  error: 6000,
  offline: 8000,
  analysisCompleted: 5000,
  analysisFailed: 8000,
  /** The extra 'Limite de uso excedido' toast of a rate-limited analysis (spec 01 §8). */
  analysisRateLimited: 10_000,
} as const;

type Message = Parameters<typeof sonnerToast>[0];
type ToastId = string | number;
type Sonner = typeof import('sonner');

/*
 * sonner (and its Toaster) stays out of the first JavaScript a visitor downloads: the Toaster is
 * mounted by <DeferredToaster /> (components/layout/deferred-toaster.tsx) when the browser is idle
 * after load or when the first toast is asked for, whichever comes first. Toasts asked for before
 * it is mounted wait for it and then show in order; ids are given here so callers get one at once.
 */
let wanted = false;
const wantedListeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let sonner: Promise<Sonner> | null = null;
let nextId = 0;

/** For the toaster host: whether the Toaster should be mounted now. */
export const toasterHost = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  isWanted: (): boolean => wanted,
  want(): void {
    if (wanted) return;
    wanted = true;
    for (const listener of wantedListeners) listener();
  },
  /** Called once the Toaster has mounted (and so listens to sonner's toast state). */
  mounted(): void {
    markMounted();
  },
};

/** One promise for every call, so queued toasts keep their order. */
function withSonner(run: (s: Sonner['toast']) => void): void {
  toasterHost.want();
  sonner ??= mounted.then(() => import('sonner'));
  void sonner.then((module) => run(module.toast));
}

function show(kind: 'success' | 'info' | 'warning' | 'error' | 'loading', duration: number) {
  return (message: Message, options?: ExternalToast): ToastId => {
    const id = options?.id ?? `toast-${++nextId}`;
    withSonner((s) => s[kind](message, { duration, ...options, id }));
    return id;
  };
}

export const toast = {
  success: show('success', TOAST_DURATIONS.success),
  info: show('info', TOAST_DURATIONS.info),
  warning: show('warning', TOAST_DURATIONS.warning),
  error: show('error', TOAST_DURATIONS.error),
  /** Loading toasts stay until replaced or dismissed (spec: 'loading none'). */
  loading: show('loading', Infinity),
  dismiss: (id?: ToastId): void => withSonner((s) => s.dismiss(id)),
};

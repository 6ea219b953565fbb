import { toast as sonner, type ExternalToast } from 'sonner';

/** Spec 01 §9 'Toast durations'. Every toast of the app goes through here so durations stay in one place. */
export const TOAST_DURATIONS = {
  success: 4000,
  info: 4000,
  warning: 5000,
  error: 6000,
  offline: 8000,
} as const;

type Message = Parameters<typeof sonner>[0];

export const toast = {
  success: (message: Message, options?: ExternalToast) =>
    sonner.success(message, { duration: TOAST_DURATIONS.success, ...options }),
  info: (message: Message, options?: ExternalToast) =>
    sonner.info(message, { duration: TOAST_DURATIONS.info, ...options }),
  warning: (message: Message, options?: ExternalToast) =>
    sonner.warning(message, { duration: TOAST_DURATIONS.warning, ...options }),
  error: (message: Message, options?: ExternalToast) =>
    sonner.error(message, { duration: TOAST_DURATIONS.error, ...options }),
  /** Loading toasts stay until replaced or dismissed (spec: 'loading none'). */
  loading: (message: Message, options?: ExternalToast) =>
    sonner.loading(message, { duration: Infinity, ...options }),
  dismiss: sonner.dismiss,
};

import { useEffect, useSyncExternalStore } from 'react';

/**
 * Labels a page gives the global breadcrumb for its own path (a property's title for
 * /dashboard/property/{id}/history), known only once the page has loaded its data.
 */
let labels: Readonly<Record<string, string>> = {};
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The labels given by the pages shown now, keyed by href. */
export function useBreadcrumbLabels(): Readonly<Record<string, string>> {
  return useSyncExternalStore(subscribe, () => labels, () => labels);
}

/** Names `href` in the breadcrumb while the calling page is shown; null gives nothing (still loading). */
export function useBreadcrumbLabel(href: string, label: string | null | undefined): void {
  useEffect(() => {
    if (!label) return;
    labels = { ...labels, [href]: label };
    emit();
    return () => {
      if (labels[href] !== label) return;
      const { [href]: _removed, ...rest } = labels;
      labels = rest;
      emit();
    };
  }, [href, label]);
}

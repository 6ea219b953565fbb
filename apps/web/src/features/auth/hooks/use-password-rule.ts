import { useEffect, useState } from 'react';

type PasswordRule = typeof import('@viabiliza/contracts/password-rule');

let loaded: PasswordRule | null = null;
let loading: Promise<PasswordRule> | null = null;

/** Starts loading the server's password rule (its dictionaries weigh ~1 MB) before it is needed. */
export function preloadPasswordRule(): Promise<PasswordRule> {
  loading ??= import('@viabiliza/contracts/password-rule').then((m) => (loaded = m));
  return loading;
}

/**
 * The server's rule for new passwords (@viabiliza/contracts/password-rule), loaded on demand so the
 * dictionaries stay out of every page that has no password field. Null until it has loaded.
 */
export function usePasswordRule(): PasswordRule | null {
  const [rule, setRule] = useState<PasswordRule | null>(loaded);
  useEffect(() => {
    if (rule) return;
    let live = true;
    preloadPasswordRule().then(
      (m) => live && setRule(m),
      () => {
        // Offline or a failed chunk: the meter keeps its cautious reading; the server still decides.
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [rule]);
  return rule;
}

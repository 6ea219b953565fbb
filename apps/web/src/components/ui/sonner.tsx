import 'sonner/dist/styles.css';

import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Spec 01 §9: three visible toasts, rich colours; per-type durations live in lib/toast.ts. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      richColors
      visibleToasts={3}
      containerAriaLabel="Avisos"
      className="toaster group"
      // Rich colours' red and green text on their tints is under 4.5:1 (axe color-contrast): darker text.
      style={{ '--error-text': 'oklch(0.444 0.177 26.899)', '--success-text': 'oklch(0.432 0.095 166.913)', '--warning-text': 'oklch(0.473 0.137 46.201)' } as CSSProperties}
      {...props}
    />
  );
}

export { Toaster };

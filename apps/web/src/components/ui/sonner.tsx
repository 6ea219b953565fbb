import 'sonner/dist/styles.css';

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
      {...props}
    />
  );
}

export { Toaster };

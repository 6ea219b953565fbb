import { PROPERTY_TITLE_MAX, propertyTitle } from '@viabiliza/contracts/properties';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { useUpdatePropertyTitle } from '@/features/properties/api/update-property-title';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

/**
 * The property's title as the page's heading, with 'Editar título' beside it: an inline form (Enter
 * saves, Esc cancels) checked with the server's own schema, then saved by PATCH /api/properties/:id.
 */
export function PropertyTitleEditor({ propertyId, title }: { propertyId: string; title: string }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePropertyTitle();
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  // Focus follows the switch: into the field when it opens, back to 'Editar título' when it closes.
  const focusAfter = useRef<'input' | 'edit' | null>(null);

  useEffect(() => {
    if (focusAfter.current === 'input') inputRef.current?.select();
    if (focusAfter.current === 'edit') editRef.current?.focus();
    focusAfter.current = null;
  }, [editing]);

  const open = () => {
    setValue(title);
    setError(null);
    focusAfter.current = 'input';
    setEditing(true);
  };
  const close = () => {
    focusAfter.current = 'edit';
    setEditing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = propertyTitle.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    if (parsed.data === title) {
      close();
      return;
    }
    update.mutate({ id: propertyId, title: parsed.data }, { onSuccess: close });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && !update.isPending) {
      event.preventDefault();
      close();
    }
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-start gap-1">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="property-title">
          {title}
        </h1>
        <Button ref={editRef} variant="ghost" size="icon-sm" className="mt-0.5 shrink-0 sm:mt-1" onClick={open} aria-label="Editar título do imóvel" title="Editar título">
          <Pencil aria-hidden />
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex w-full min-w-0 flex-col gap-2 sm:flex-row sm:items-start">
      <h1 className="sr-only">{title}</h1>
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor={`${id}-title`}>Título do imóvel</Label>
        <Input
          ref={inputRef}
          id={`${id}-title`}
          value={value}
          maxLength={PROPERTY_TITLE_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          disabled={update.isPending}
          className="text-lg md:text-lg"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Até {PROPERTY_TITLE_MAX} caracteres. Enter salva, Esc cancela.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? <Spinner /> : <Check aria-hidden />}
          Salvar título
        </Button>
        <Button type="button" variant="outline" onClick={close} disabled={update.isPending}>
          <X aria-hidden />
          Cancelar
        </Button>
      </div>
    </form>
  );
}

import {
  QUESTIONNAIRE_PROGRESS_TOTAL,
  QUESTIONNAIRE_SECTIONS,
  filledFieldCount,
  questionnaireProgress,
  type QuestionnaireField,
} from '@viabiliza/contracts/questionnaire';
import { ChevronDown, ClipboardList, Eraser } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useMemo, useState } from 'react';

import { ComparablesEditor } from '@/features/questionnaire/components/comparables-editor';
import { DealInputsPanel } from '@/features/questionnaire/components/deal-inputs-panel';
import { DevelopmentInputsPanel, isDevelopmentDraft } from '@/features/questionnaire/components/development-inputs-panel';
import { QuestionnaireFieldControl, isWideField } from '@/features/questionnaire/components/questionnaire-field';
import type { QuestionnaireDraft } from '@/features/questionnaire/hooks/use-questionnaire-draft';
import { questionnaireFieldErrors, sectionFilledCount } from '@/features/questionnaire/utils/draft';
import { FIELD_KINDS } from '@/features/questionnaire/utils/fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * 'Questionário do Imóvel' (spec 01 §2): five collapsible sections (the first open), completion badge
 * and bar (filled fields / the form's fields, never more than the total), 'Limpar'. Values live in `draft`, owned by the page, which also hands
 * them to the analysis.
 */
export function QuestionnaireCard({ draft }: { draft: QuestionnaireDraft }) {
  const { values, setField, setDevelopment, setDeal, setComparables, clear } = draft;
  const progress = questionnaireProgress(values);
  const filled = filledFieldCount(values);
  const errors = useMemo(() => questionnaireFieldErrors(values), [values]);
  // Errors show once a field was left (or came back from the saved draft), not while it is typed.
  const [touched, setTouched] = useState<ReadonlySet<QuestionnaireField>>(
    () => new Set(Object.keys(values) as QuestionnaireField[]),
  );
  const touch = (field: QuestionnaireField) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ClipboardList className="hidden size-5 text-primary sm:block" aria-hidden />
          <h2 className="text-base sm:text-lg">Questionário do Imóvel</h2>
          <Badge variant="secondary" className="tabular-nums" aria-label={`${progress}% preenchido`}>
            {progress}%
          </Badge>
        </CardTitle>
        {/* Full width under the title and the button: on a phone the button column would squeeze it. */}
        <CardDescription className="col-span-2">
          Preencha as informações que você tem disponíveis. Quanto mais detalhes, melhor será a análise.
        </CardDescription>
        <CardAction className="row-span-1">
          <Button
            variant="outline"
            size="sm"
            disabled={filled === 0}
            onClick={() => {
              clear();
              setTouched(new Set());
            }}
          >
            <Eraser aria-hidden />
            Limpar
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-4">
        <div className="space-y-1.5">
          <Progress value={progress} aria-label="Preenchimento do questionário" />
          <p className="text-xs text-muted-foreground tabular-nums">
            {filled} de {QUESTIONNAIRE_PROGRESS_TOTAL} campos preenchidos
          </p>
        </div>
        <div className="divide-y rounded-xl border">
          {QUESTIONNAIRE_SECTIONS.map((section, index) => {
            const fields = section.fields.filter((f) => FIELD_KINDS[f]);
            const sectionErrors = fields.filter((f) => errors[f] && touched.has(f)).length;
            return (
              <Collapsible.Root key={section.id} defaultOpen={index === 0} className="group/section">
                <h3>
                  <Collapsible.Trigger
                    className={cn(
                      'flex w-full items-center gap-3 px-4 py-3 text-left font-medium transition-colors hover:bg-muted/50',
                      'rounded-none outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                      'group-first/section:rounded-t-xl group-last/section:group-data-[state=closed]/section:rounded-b-xl',
                    )}
                  >
                    <span className="flex-1">{section.title}</span>
                    {sectionErrors > 0 && (
                      <span className="text-xs font-normal text-destructive">
                        {sectionErrors === 1 ? '1 campo a corrigir' : `${sectionErrors} campos a corrigir`}
                      </span>
                    )}
                    <span className="text-xs font-normal text-muted-foreground tabular-nums">
                      {sectionFilledCount(values, fields)}/{fields.length}
                    </span>
                    <ChevronDown
                      className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/section:rotate-180"
                      aria-hidden
                    />
                  </Collapsible.Trigger>
                </h3>
                <Collapsible.Content className="grid gap-5 border-t px-4 pt-4 pb-5 sm:grid-cols-2">
                  {fields.map((field) => {
                    const spec = FIELD_KINDS[field]!;
                    return (
                      <div key={field} className={cn('min-w-0', isWideField(field, spec) && 'sm:col-span-2')}>
                        <QuestionnaireFieldControl
                          field={field}
                          spec={spec}
                          value={values[field]}
                          error={touched.has(field) ? errors[field] : undefined}
                          // The control of a field's kind only produces values of that field's type.
                          onChange={(value) => setField(field, value as never)}
                          onBlur={() => touch(field)}
                        />
                      </div>
                    );
                  })}
                </Collapsible.Content>
              </Collapsible.Root>
            );
          })}
          {isDevelopmentDraft(values) ? (
            <DevelopmentInputsPanel value={values.development} onChange={setDevelopment} />
          ) : (
            <DealInputsPanel value={values.deal} onChange={setDeal} />
          )}
          <ComparablesEditor value={values.comparables} onChange={setComparables} />
        </div>
      </CardContent>
    </Card>
  );
}

import { COMPANY_NAME_MAX, DEFAULT_REPORT_OPTIONS, type ReportColors, type ReportOptions } from '@viabiliza/contracts/reports';
import { RotateCcw, Settings2 } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Switch } from '@/components/ui/switch';

const COLOR_FIELDS: { key: keyof ReportColors; label: string }[] = [
  { key: 'primary', label: 'Primária' },
  { key: 'secondary', label: 'Secundária' },
  { key: 'accent', label: 'Destaque' },
];

/** The report options of spec 01 §3 besides the template: metadata, brand, company name and colours. */
export function ReportOptionsPopover({
  value,
  onChange,
  onReset,
  disabled,
}: {
  value: ReportOptions;
  onChange: (next: ReportOptions) => void;
  onReset: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const set = (patch: Partial<ReportOptions>) => onChange({ ...value, ...patch });
  const setColor = (key: keyof ReportColors, color: string) => set({ customColors: { ...value.customColors, [key]: color } });

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Settings2 aria-hidden />
          Opções do relatório
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 space-y-4">
        <div className="space-y-1">
          <p className="text-sm font-medium">Opções do relatório</p>
          <p className="text-xs text-muted-foreground">Valem para o HTML, o PDF e a impressão.</p>
        </div>

        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-metadata`}>Incluir metadados</Label>
          <Switch id={`${id}-metadata`} checked={value.includeMetadata} onCheckedChange={(checked) => set({ includeMetadata: checked })} />
        </div>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-branding`}>Incluir marca</Label>
          <Switch id={`${id}-branding`} checked={value.includeBranding} onCheckedChange={(checked) => set({ includeBranding: checked })} />
        </div>

        <fieldset disabled={!value.includeBranding} className="space-y-3 disabled:opacity-50">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-company`}>Nome da empresa</Label>
            <Input
              id={`${id}-company`}
              value={value.companyName}
              maxLength={COMPANY_NAME_MAX}
              placeholder={DEFAULT_REPORT_OPTIONS.companyName}
              onChange={(event) => set({ companyName: event.target.value })}
            />
          </div>
          <div>
            <p className="mb-1.5 text-sm font-medium">Cores</p>
            <div className="grid grid-cols-3 gap-2">
              {COLOR_FIELDS.map(({ key, label }) => (
                <div key={key} className="space-y-1">
                  <Label htmlFor={`${id}-${key}`} className="text-xs font-normal text-muted-foreground">
                    {label}
                  </Label>
                  <input
                    id={`${id}-${key}`}
                    type="color"
                    value={value.customColors[key]}
                    onChange={(event) => setColor(key, event.target.value)}
                    className="h-9 w-full cursor-pointer rounded-md border border-input bg-transparent p-1"
                  />
                </div>
              ))}
            </div>
          </div>
        </fieldset>

        <Button variant="ghost" size="sm" className="w-full" onClick={onReset}>
          <RotateCcw aria-hidden />
          Restaurar padrões
        </Button>
      </PopoverContent>
    </Popover>
  );
}

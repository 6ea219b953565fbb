import { describe, expect, it } from 'vitest';
import type { ReferenceRow } from '@viabiliza/engine/reference-data';
import { resolveInputs } from '@viabiliza/engine/resolve-inputs';
import { itbiRateOf } from './dossier.service.ts';

/** An administrator's import of São Paulo's ITBI at 2,5 % from 26/11/2026 (a hypothetical new law; the shipped row is of 25/11/2026). */
const IMPORTED: ReferenceRow = {
  id: 'import-itbi-sp-2026-11-26',
  series: 'itbi',
  city: 'São Paulo',
  state: 'SP',
  label: 'ITBI São Paulo (importado)',
  value: 0.025,
  unit: 'fraction',
  asOf: '2026-11-26',
  source: 'Prefeitura de São Paulo, importado pelo administrador',
  uncertain: false,
  origin: 'import',
};

describe("the dossier's ITBI check reads the engine's rows", () => {
  it('an imported city rate wins from its date in the dossier, as in the engine', () => {
    expect(itbiRateOf([], '2026-11-30')('São Paulo', 'SP')).toMatchObject({ rate: 3 });
    const imported = itbiRateOf([IMPORTED], '2026-11-30')('São Paulo', 'SP');
    expect(imported).toMatchObject({ rate: 2.5 });
    expect(imported!.source).toContain('importado pelo administrador');
    // Before the row's date, the shipped rate.
    expect(itbiRateOf([IMPORTED], '2026-11-25')('São Paulo', 'SP')).toMatchObject({ rate: 3 });
    // The engine, given the same rows, uses the same rate.
    const inputs = resolveInputs({ analysisType: 'financial', questionnaire: { city: 'São Paulo', state: 'SP' }, documents: [], generatedAt: '2026-11-30T12:00:00.000Z', referenceRows: [IMPORTED] });
    expect(inputs.assumptions.itbiRate.value).toBe(0.025);
    // A city without its own row: no rate (the typical row is not the city's).
    expect(itbiRateOf([IMPORTED], '2026-11-30')('Xique-Xique', 'BA')).toBeNull();
  });
});

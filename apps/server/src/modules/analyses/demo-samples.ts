import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { findExample, type ExampleProperty } from '@viabiliza/engine/examples';

/**
 * The demo account's two sample properties: one deal that closes and one that does not, each with
 * its own synthetic paperwork (the engine's example documents, whose registry entries agree with
 * the questionnaire: no divergence). Names, numbers and registry entries are invented.
 *
 * - Pinheiros, bought to renovate and resell: the flat is offered below the neighbourhood's price
 *   because it needs work (condition 'reformar'); R$ 80 mil of renovation and a resale at the
 *   market's price give a return above the TMA.
 * - Florianópolis, land for a development: 180 m² of the plot lie in an APP strip where nothing can
 *   be built, and the project's return stays below the TMA — the sample says so in its notes.
 */
export interface DemoSample extends ExampleProperty {
  /** What the sample is meant to show, for the tests and the demo's copy. */
  expected: 'bom' | 'ruim';
}

function example(id: string): ExampleProperty {
  const found = findExample(id);
  if (!found) throw new Error(`exemplo ausente: ${id}`);
  return found;
}

const pinheiros = example('apartamento-pinheiros');
const floripa = example('terreno-florianopolis');

const FLIP: Questionnaire = {
  ...pinheiros.questionnaire,
  condition: 'reformar',
  targetValue: '720.000',
  monthlyRent: undefined,
  minimumDownPayment: undefined,
  mainObjective: 'investimento',
  timeframe: '6meses',
  deal: {
    strategy: 'revenda',
    renovationBudget: '80.000',
    worksMonths: '3',
    sellMonths: '4',
    targetSalePrice: '980.000',
  },
  additionalNotes:
    'Exemplo fictício de negócio que fecha: apartamento anunciado abaixo do preço do bairro por precisar de reforma (R$ 80 mil em 3 meses), revendido pelo preço de mercado em até 4 meses.',
};

export const DEMO_SAMPLES: readonly DemoSample[] = [
  { ...pinheiros, title: 'Apartamento em Pinheiros (reforma e revenda)', questionnaire: FLIP, expected: 'bom' },
  {
    ...floripa,
    questionnaire: {
      ...floripa.questionnaire,
      additionalNotes:
        'Exemplo fictício de negócio que não fecha: 180 m² do terreno estão em APP (área de preservação permanente), onde nada pode ser construído, e o retorno do empreendimento fica abaixo da TMA.',
    },
    expected: 'ruim',
  },
];

import type { AssumptionUsed, Figure, FigureSource } from '@viabiliza/contracts/analysis-result';
import { figure } from './figure.ts';
import { itbiFigure, itbiFor } from './itbi.ts';
import { REFERENCE_ROWS } from './reference-data.ts';
import { bracketRowFor, notaryFeesFor, type NotaryFees } from './reference/notary-fees.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * The acquisition's ITBI and notary/registry fees from the city ITBI table and the state fee tables
 * (issue 17, item 4a), as functions of the price (and the financed amount) so the headline figures
 * and every sensitivity cell share them. The person's override of `itbiRate` / `notaryRate` wins
 * (price × rate, as before); an ITBI the documents state wins over both.
 */

/** Used only when no dataset row says otherwise (equal to the shipped 'sfh-teto' row). */
const SFH_CEILING_FALLBACK = 2_250_000;
const RESIDENTIAL = new Set(['casa', 'apartamento', 'cobertura']);

export interface AcquisitionCostRules {
  /** ITBI for a price and the loan amount; undefined: price × itbiRate (override or document). */
  itbiOf?: (price: number, financedAmount: number) => number;
  /** Notary + registry for a price; undefined: price × notaryRate (override). */
  notaryOf?: (price: number) => number;
  /** The ITBI figure for the scenario that was run (price, loan amount). */
  itbiFigure: (price: number, financedAmount: number) => Figure | null;
  notaryFigure: (price: number) => Figure | null;
}

function overridden(a: AssumptionUsed | undefined): boolean {
  return a?.overridden === true || (a?.source.kind === 'assumption' && a.source.overridden);
}

/**
 * Whether the purchase is financed under SFH: the financing plan's answer when there is one
 * (financing.ts), else residential (or type unknown) and price within the SFH ceiling.
 */
export function sfhEligibleFor(inputs: ResolvedInputs, price: number, planSfh?: boolean | null): boolean {
  if (typeof planSfh === 'boolean') return planSfh;
  const type = inputs.propertyType ?? null;
  if (type !== null && !RESIDENTIAL.has(type)) return false;
  const ceiling = inputs.refs?.generic('sfh-teto', inputs.asOf)?.value ?? SFH_CEILING_FALLBACK;
  return price <= ceiling;
}

/** The bracket row of the table used (registro first), else the notaryRate's own source. */
function notarySource(fees: NotaryFees, value: number, fallback: FigureSource): FigureSource {
  const table = fees.registroTable ?? fees.escrituraTable;
  const row = table ? bracketRowFor(table, value) : null;
  if (!row) return fallback;
  return { kind: 'reference', referenceId: row.id, label: row.label, asOf: row.asOf, source: row.source, uncertain: fees.uncertain };
}

export function acquisitionCostRules(inputs: ResolvedInputs, opts: { documentItbi: boolean; planSfh?: boolean | null }): AcquisitionCostRules {
  const a = inputs.assumptions;
  const rows = inputs.refs?.rows ?? REFERENCE_ROWS;
  const asOf = inputs.asOf;
  const useItbiTable = !opts.documentItbi && !overridden(a.itbiRate);
  const useNotaryTable = !overridden(a.notaryRate);
  const estimateRate = Number.isFinite(a.notaryRate.value) ? a.notaryRate.value : undefined;

  const itbiAt = (price: number, financed: number) =>
    itbiFor({ city: inputs.city, state: inputs.state, price, financedAmount: financed, sfh: sfhEligibleFor(inputs, price, opts.planSfh), ...(asOf ? { asOf } : {}) }, rows);
  const notaryAt = (price: number) => notaryFeesFor({ state: inputs.state, value: price, ...(asOf ? { asOf } : {}), ...(estimateRate !== undefined ? { estimateRate } : {}) });

  return {
    ...(useItbiTable ? { itbiOf: (price: number, financed: number) => itbiAt(price, financed).amount } : {}),
    ...(useNotaryTable ? { notaryOf: (price: number) => notaryAt(price).total } : {}),
    itbiFigure: (price, financed) => (useItbiTable ? itbiFigure(itbiAt(price, financed)) : null),
    notaryFigure: (price) => {
      if (!useNotaryTable) return null;
      const fees = notaryAt(price);
      return figure('notary', 'Cartório e registro', fees.total, 'BRL', notarySource(fees, price, a.notaryRate.source), fees.note);
    },
  };
}

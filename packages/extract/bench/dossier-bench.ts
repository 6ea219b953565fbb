/**
 * The benchmark's 'Dossiê' section (issue 16): each sale folder's documents, as the reader left
 * them, go through `buildDossier`; the dossier is judged against the folder's `dossier.truth.json`
 * (`dossier-compare.ts`) and the figures are tabled by category and by folder.
 */
import type { Dossier, DossierDocument } from '@viabiliza/contracts/dossier';
import { compareDossier, DOSSIER_CATEGORIES, type DossierCategory, type DossierVerdict } from './dossier-compare.ts';
import type { DossierTruth } from './truth.ts';

export interface FolderRun {
  truth: DossierTruth;
  documents: DossierDocument[];
}

export interface DossierFigures {
  folders: { folder: string; files: number; items: number; right: number; falseActive: string[]; missedActive: string[]; buildMs: number; traps: string[] }[];
  byCategory: Record<DossierCategory, { items: number; right: number }>;
  items: number;
  right: number;
  falseActive: number;
  missedActive: number;
  mismatches: string[];
}

const pct = (n: number, d: number) => (d === 0 ? 'n/d' : `${((100 * n) / d).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`);
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** Builds and judges every folder's dossier; `build` is `buildDossier` with its options bound. */
export function judgeFolders(runs: FolderRun[], build: (docs: DossierDocument[], asOf: string) => Dossier): { figures: DossierFigures; verdicts: DossierVerdict[] } {
  const verdicts: DossierVerdict[] = [];
  const folders: DossierFigures['folders'] = [];
  for (const run of runs) {
    const t = performance.now();
    const dossier = build(run.documents, run.truth.asOf);
    const buildMs = performance.now() - t;
    const verdict = compareDossier(run.truth, dossier);
    verdicts.push(verdict);
    folders.push({
      folder: run.truth.folder,
      files: run.documents.length,
      items: verdict.items.length,
      right: verdict.items.filter((i) => i.ok).length,
      falseActive: verdict.falseActive,
      missedActive: verdict.missedActive,
      buildMs,
      traps: run.truth.traps,
    });
  }
  const byCategory = Object.fromEntries(Object.keys(DOSSIER_CATEGORIES).map((c) => [c, { items: 0, right: 0 }])) as DossierFigures['byCategory'];
  const mismatches: string[] = [];
  for (const v of verdicts) {
    for (const item of v.items) {
      byCategory[item.category].items += 1;
      if (item.ok) byCategory[item.category].right += 1;
      else mismatches.push(`${v.folder} [${item.category}] ${item.what} — dossiê: ${item.got}`);
    }
    for (const f of v.falseActive) mismatches.push(`FALSO ÔNUS ATIVO: ${f}`);
    for (const m of v.missedActive) mismatches.push(`ÔNUS ATIVO PERDIDO: ${m}`);
  }
  const items = verdicts.reduce((n, v) => n + v.items.length, 0);
  const right = verdicts.reduce((n, v) => n + v.items.filter((i) => i.ok).length, 0);
  return {
    verdicts,
    figures: {
      folders,
      byCategory,
      items,
      right,
      falseActive: verdicts.reduce((n, v) => n + v.falseActive.length, 0),
      missedActive: verdicts.reduce((n, v) => n + v.missedActive.length, 0),
      mismatches,
    },
  };
}

export function dossierMarkdown(f: DossierFigures): string {
  const out: string[] = [];
  out.push(`### Dossiê (issue 16)`);
  out.push('');
  out.push(`Cada pasta de venda lida como acima (tipo classificado, campos-chave, texto das páginas) → \`buildDossier(docs, { asOf })\` → comparado com \`dossier.truth.json\`. ${f.folders.length} pastas, ${f.folders.reduce((n, x) => n + x.files, 0)} documentos.`);
  out.push('');
  const rows = (Object.entries(DOSSIER_CATEGORIES) as [DossierCategory, string][])
    .filter(([c]) => f.byCategory[c].items > 0)
    .map(([c, label]) => [label, f.byCategory[c].items, f.byCategory[c].right, pct(f.byCategory[c].right, f.byCategory[c].items)]);
  out.push(table(['item', 'na verdade', 'certos', 'acurácia'], [...rows, ['**total**', f.items, f.right, `**${pct(f.right, f.items)}**`]]));
  out.push('');
  out.push(table(['medida', 'valor', 'meta'], [
    ['itens certos', pct(f.right, f.items), '≥ 95 %'],
    ['**falsos ônus ativos**', `**${f.falseActive}**`, '0'],
    ['**ônus ativos perdidos**', `**${f.missedActive}**`, '0'],
  ]));
  out.push('');
  out.push(table(['pasta', 'arquivos', 'itens', 'certos', 'falsos ativos', 'ativos perdidos', 'montagem (ms)', 'armadilhas'], f.folders.map((x) => [x.folder, x.files, x.items, pct(x.right, x.items), x.falseActive.length, x.missedActive.length, x.buildMs.toLocaleString('pt-BR', { maximumFractionDigits: 1 }), x.traps.join(', ')])));
  out.push('');
  return out.join('\n');
}

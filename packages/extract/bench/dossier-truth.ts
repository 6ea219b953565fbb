/**
 * The truth of a whole sale folder (`dossier.truth.json`, issue 16): owners, chain of title and
 * liens from the acts the matrícula generator printed, the property facts from the per-file
 * truths, the certidões judged on the sale's date by the registry's validity rules, and the
 * cross-document checks. Built from the generator's data only (the rules are in truth.ts).
 */
import { DOCUMENT_TYPES, type DocumentTypeId, type FieldKey } from '@viabiliza/contracts/document-types';
import { CHECK_IDS, LIEN_SEVERITY, type CheckId, type DossierFactKey } from '@viabiliza/contracts/dossier';
import type { DocSpec } from './doc-spec.ts';
import { addDays, iso, type Day } from './people.ts';
import type { Sale } from './sale.ts';
import type { DocumentTruth, DossierTruth, DossierTruthCertidao, DossierTruthMatricula } from './truth.ts';

export interface FolderDocument {
  spec: DocSpec;
  truth: DocumentTruth;
}

/** Which per-file field states each fact, and on which document types (all when omitted). */
const FACT_SOURCES: Record<DossierFactKey, { field: FieldKey; types?: DocumentTypeId[] }> = {
  matricula_numero: { field: 'matricula_numero' },
  cartorio: { field: 'cartorio', types: ['matricula', 'escritura', 'minuta', 'compromisso'] },
  inscricao_imobiliaria: { field: 'inscricao_imobiliaria' },
  endereco: { field: 'endereco' },
  cep: { field: 'cep' },
  cidade: { field: 'cidade' },
  uf: { field: 'uf' },
  area_privativa_m2: { field: 'area_privativa_m2' },
  area_total_m2: { field: 'area_total_m2' },
  area_terreno_m2: { field: 'area_terreno_m2' },
  area_construida_m2: { field: 'area_construida_m2' },
  valor_transacao: { field: 'valor_transacao' },
  valor_venal: { field: 'valor_venal' },
  valor_venal_referencia: { field: 'valor_venal_referencia' },
  base_calculo_itbi: { field: 'base_calculo_itbi' },
  aliquota_itbi: { field: 'aliquota' },
  valor_itbi: { field: 'valor_imposto', types: ['itbi_guia', 'itbi_declaracao', 'escritura'] },
  valor_itbi_pago: { field: 'valor_pago', types: ['itbi_comprovante'] },
  data_pagamento_itbi: { field: 'data_pagamento', types: ['itbi_comprovante'] },
  iptu_anual: { field: 'valor_imposto', types: ['iptu_carne'] },
};

/** The order in which documents are trusted for a fact: the registry first, then the deed, the city. */
const AUTHORITY: DocumentTypeId[] = ['matricula', 'escritura', 'minuta', 'compromisso', 'itbi_guia', 'itbi_declaracao', 'itbi_comprovante', 'vvr', 'iptu_cadastral', 'iptu_carne', 'cnd_imobiliaria'];
const rank = (type: DocumentTypeId) => (AUTHORITY.includes(type) ? AUTHORITY.indexOf(type) : AUTHORITY.length);

const fromIso = (s: string): Day => {
  const [y, m, d] = s.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
};

/** Folds case and accents: names are compared as people read them. */
export const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Documents about the main property (the parking space's matrícula states its own facts). */
function aboutMain(doc: FolderDocument, sale: Sale): boolean {
  return !doc.spec.registry || doc.spec.registry.number === String(sale.property.matricula);
}

/** The facts the folder states, each with the value of its most authoritative document. */
export function folderFacts(sale: Sale, docs: FolderDocument[]): { facts: DossierTruth['facts']; conflicts: string[] } {
  const facts: DossierTruth['facts'] = {};
  const conflicts: string[] = [];
  const ordered = docs.filter((d) => aboutMain(d, sale)).sort((a, b) => rank(a.truth.type) - rank(b.truth.type));
  for (const [key, source] of Object.entries(FACT_SOURCES) as [DossierFactKey, (typeof FACT_SOURCES)[DossierFactKey]][]) {
    // A house has no private area: what a deed's truth files as 'area_privativa_m2' is the built area it prints.
    const house = sale.property.kind === 'casa';
    if (house && key === 'area_privativa_m2') continue;
    const fieldOf = (d: FolderDocument) => (house && key === 'area_construida_m2' && ['escritura', 'minuta', 'compromisso'].includes(d.truth.type) ? 'area_privativa_m2' : source.field);
    const values = ordered
      .filter((d) => !source.types || source.types.includes(d.truth.type))
      .flatMap((d) => d.truth.fields.filter((f) => f.key === fieldOf(d)).map((f) => ({ value: f.value, file: d.truth.file })));
    if (values.length === 0) continue;
    facts[key] = values[0]!.value;
    for (const v of values) if (v.value !== values[0]!.value) conflicts.push(`${key}: ${v.file} diz ${v.value}, ${values[0]!.file} diz ${values[0]!.value}`);
  }
  return { facts, conflicts };
}

const ITEM_OF: Partial<Record<DocumentTypeId, DossierTruthCertidao['item']>> = {
  matricula: 'matricula',
  cnd_imobiliaria: 'cnd_municipal',
  cndt: 'cndt',
  cnd_federal: 'cnd_federal',
  certidao_distribuidor: 'distribuidor',
  declaracao_condominio: 'condominio',
};

/** A certificate judged on `asOf` by its type's rule: printed validity, else the days the rule sets. */
function judge(doc: FolderDocument, asOf: string, person: string | null): DossierTruthCertidao {
  const field = (key: FieldKey) => (doc.truth.fields.find((f) => f.key === key) ?? doc.spec.doc.fields.find((f) => f.key === key))?.value;
  const issued = field('data_emissao');
  if (typeof issued !== 'string') throw new Error(`${doc.truth.file}: certidão sem data de emissão na verdade`);
  const rule = DOCUMENT_TYPES[doc.truth.type].validity;
  const printed = field('validade');
  let validUntil: string | null = null;
  if (rule.kind === 'days') validUntil = iso(addDays(fromIso(issued), rule.days));
  else if (rule.kind === 'printed') validUntil = typeof printed === 'string' ? printed : rule.fallbackDays === null ? null : iso(addDays(fromIso(issued), rule.fallbackDays));
  const status = validUntil === null || asOf <= validUntil ? 'valida' : 'vencida';
  return { item: ITEM_OF[doc.truth.type]!, person, status, file: doc.truth.file, issuedOn: issued, validUntil };
}

const absent = (item: DossierTruthCertidao['item'], person: string | null): DossierTruthCertidao => ({ item, person, status: 'ausente', file: null, issuedOn: null, validUntil: null });

export function folderCertidoes(sale: Sale, docs: FolderDocument[], asOf: string): DossierTruthCertidao[] {
  const of = (type: DocumentTypeId) => docs.filter((d) => d.truth.type === type);
  const out: DossierTruthCertidao[] = [];
  const matriculas = of('matricula');
  out.push(...(matriculas.length ? matriculas.map((d) => judge(d, asOf, null)) : [absent('matricula', null)]));
  const cnd = of('cnd_imobiliaria')[0];
  out.push(cnd ? judge(cnd, asOf, null) : absent('cnd_municipal', null));
  for (const type of ['cndt', 'cnd_federal'] as const) {
    for (const seller of sale.sellers) {
      const doc = of(type).find((d) => d.spec.about === seller.name);
      out.push(doc ? judge(doc, asOf, seller.name) : absent(ITEM_OF[type]!, seller.name));
    }
  }
  const distribuidores = of('certidao_distribuidor');
  out.push(...(distribuidores.length ? distribuidores.map((d) => judge(d, asOf, d.spec.about ?? null)) : [absent('distribuidor', null)]));
  if (sale.property.kind !== 'casa') {
    const condominio = of('declaracao_condominio')[0];
    out.push(condominio ? judge(condominio, asOf, null) : absent('condominio', null));
  }
  return out;
}

export function dossierTruth(sale: Sale, folder: string, docs: FolderDocument[]): DossierTruth {
  const asOf = iso(sale.dates.today);
  const matriculas: DossierTruthMatricula[] = docs
    .filter((d) => d.spec.registry)
    .map((d) => ({ ...d.spec.registry!, file: d.truth.file }))
    .sort((a, b) => Number(b.number === String(sale.property.matricula)) - Number(a.number === String(sale.property.matricula)));
  const main = matriculas.find((m) => m.number === String(sale.property.matricula)) ?? null;
  const { facts } = folderFacts(sale, docs);
  const certidoes = folderCertidoes(sale, docs, asOf);
  const has = (...types: DocumentTypeId[]) => docs.some((d) => types.includes(d.truth.type));
  const contract = has('escritura', 'minuta', 'compromisso');

  const sameNames = (a: string[], b: string[]) => a.length === b.length && a.map(nameKey).sort().join('|') === b.map(nameKey).sort().join('|');
  const active = matriculas.flatMap((m) => m.liens.filter((l) => l.status === 'ativo'));
  const severities = new Set(active.map((l) => LIEN_SEVERITY[l.type]));
  const checks = Object.fromEntries(Object.keys(CHECK_IDS).map((id) => [id, 'ok'])) as DossierTruth['checks'];
  const set = (id: CheckId, status: DossierTruth['checks'][CheckId]) => (checks[id] = status);
  const areaOn = (types: DocumentTypeId[]) => docs.some((d) => aboutMain(d, sale) && types.includes(d.truth.type) && d.truth.fields.some((f) => f.key.startsWith('area_')));
  if (!main || !contract) set('matricula_escritura', 'sem_dados');
  if (!main || !contract) set('vendedores_proprietarios', 'sem_dados');
  else if (!sameNames(main.owners.map((o) => o.name), sale.sellers.map((s) => s.name))) set('vendedores_proprietarios', 'falha');
  if (facts.inscricao_imobiliaria === undefined) set('inscricao', 'sem_dados');
  if (facts.endereco === undefined) set('endereco', 'sem_dados');
  if (!areaOn(['matricula', 'escritura', 'minuta', 'compromisso']) || !areaOn(['iptu_cadastral', 'iptu_carne'])) set('areas', 'sem_dados');
  if (facts.base_calculo_itbi === undefined || facts.valor_transacao === undefined) set('itbi_base', 'sem_dados');
  if (facts.valor_itbi === undefined || facts.base_calculo_itbi === undefined) set('itbi_aliquota', 'sem_dados');
  if (!has('itbi_comprovante')) set('itbi_pago', 'atencao');
  if (certidoes.some((c) => c.status !== 'valida')) set('certidoes', 'atencao');
  if (!main) set('onus', 'sem_dados');
  else if (severities.has('bloqueia')) set('onus', 'falha');
  else if (severities.has('condiciona')) set('onus', 'atencao');

  const traps = new Set<string>();
  const allLiens = matriculas.flatMap((m) => m.liens);
  if (allLiens.some((l) => l.type === 'hipoteca' && l.status === 'cancelado')) traps.add('hipoteca-cancelada');
  if (allLiens.some((l) => l.type === 'usufruto' && l.status === 'ativo')) traps.add('usufruto-ativo');
  if (allLiens.some((l) => ['inalienabilidade', 'impenhorabilidade', 'incomunicabilidade'].includes(l.type))) traps.add('clausulas-restritivas');
  if (sale.scenario === 6 && main) traps.add('fiduciaria-consolidada');
  if (certidoes.some((c) => c.status === 'vencida')) traps.add('certidao-vencida');
  if (checks.vendedores_proprietarios === 'falha') traps.add('vendedor-nao-proprietario');
  if (main && main.owners.length >= 3 && main.owners.every((o) => o.fraction !== null)) traps.add('tres-proprietarios-fracoes');
  if (main) traps.add('sede-empresa-cabecalho');
  if (has('escritura', 'minuta')) traps.add('cnib-negativa-escritura');

  return {
    folder,
    asOf,
    matriculas,
    facts,
    sellers: sale.sellers.map((s) => s.name),
    buyers: sale.buyers.map((b) => b.name),
    certidoes,
    checks,
    traps: [...traps].sort(),
  };
}

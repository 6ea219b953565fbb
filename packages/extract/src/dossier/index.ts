import { DOSSIER_VERSION, type Dossier, type DossierDocument, type DossierFact } from '@viabiliza/contracts/dossier';
import { sameName } from '../acts.ts';
import { judgeCertidoes } from './certidoes.ts';
import { runChecks } from './checks.ts';
import { digitsOnly, fieldsOf, type Doc, type Field, prepare } from './common.ts';
import { consolidateFacts } from './facts.ts';
import { readMatriculas, type MatriculaRead } from './matriculas.ts';
import { readParties } from './parties.ts';

/**
 * The due-diligence dossier of a sale's folder (issue 16), from the documents already read (page
 * texts, types, key fields): the matrículas with their acts, chain of title, current owners and
 * liens; the main property's facts with every source cited; the sale's parties; the certidões on
 * the analysis date; the cross-document checks. Pure and synchronous: no I/O, no clock (the date
 * is `asOf`), the same folder gives the same dossier.
 */

export interface DossierOptions {
  /** The analysis date, YYYY-MM-DD: certificates are judged on it. */
  asOf: string;
  /** The city's ITBI rate in percent (3 = 3 %) with its source; the server passes the engine's reference data. */
  itbiRate?: (city: string, uf: string | null) => { rate: number; source: string } | null;
}

/** The numbers a document states about its property (matrícula, inscription), digits only. */
function propertyKeys(doc: Doc): { matriculas: string[]; inscriptions: string[] } {
  const codes = (key: string) => fieldsOf(doc, key).map((f) => digitsOnly(String(f.normalized ?? f.value)).replace(key === 'matricula_numero' ? /^0+/ : /$^/, '')).filter(Boolean);
  return { matriculas: codes('matricula_numero'), inscriptions: codes('inscricao_imobiliaria') };
}

/** A unit of a condominium (a flat, a room, a parking space), not a house on its own lot: it needs the condomínio's declaration. */
function isCondominiumUnit(main: MatriculaRead | null, facts: readonly DossierFact[]): boolean {
  if (main) {
    for (const folded of main.doc.folded.values()) {
      const m = /\bimovel\s*:?\s*/.exec(folded);
      if (m) return !/^(?:(?:um|uma|o|a)\s+)?(?:terreno|casa|lote|predio|gleba|area de terreno)\b/.test(folded.slice(m.index + m[0].length, m.index + m[0].length + 40));
    }
  }
  return facts.some((f) => f.key === 'area_privativa_m2');
}

export function buildDossier(documents: DossierDocument[], options: DossierOptions): Dossier {
  const docs = prepare(documents);
  const warnings: string[] = [];
  const parties = readParties(docs);
  // The sellers (and their spouses) are who the matrícula should show as owners; the buyers are not yet.
  const known: string[] = [];
  for (const name of parties.sellers.flatMap((p) => [p.name, ...(p.spouse ? [p.spouse] : [])])) {
    if (!known.some((k) => sameName(k, name))) known.push(name);
  }
  const reads = readMatriculas(docs, known);
  // A folder with only the parking space's certificate has no main matrícula: its facts are not the unit's.
  const main = reads.find((r) => !r.parking) ?? null;
  const others = reads.filter((r) => r !== main);

  // Documents about another matrícula of the folder (the parking space) feed that one, not the main property.
  const otherNumbers = new Set(others.map((r) => r.dossier.matricula).filter(Boolean));
  const otherInscriptions = new Set(others.map((r) => r.inscription).filter((s): s is string => !!s));
  const mainNumber = main?.dossier.matricula ?? null;
  const mainInscription = main?.inscription ?? null;
  const aboutOther = (doc: Doc): boolean => {
    if (doc.type === 'matricula') return doc !== main?.doc && !(mainNumber && propertyKeys(doc).matriculas.includes(mainNumber));
    const keys = propertyKeys(doc);
    if (mainNumber && keys.matriculas.includes(mainNumber)) return false;
    if (mainInscription && keys.inscriptions.includes(mainInscription)) return false;
    return keys.matriculas.some((m) => otherNumbers.has(m)) || keys.inscriptions.some((i) => otherInscriptions.has(i));
  };
  const mainDocs = docs.filter((d) => !aboutOther(d));

  const corrected = new Map<string, Field[]>();
  for (const r of reads) if (r.numberField) corrected.set(r.doc.source.id, [r.numberField]);
  const facts = consolidateFacts(mainDocs, corrected);
  const certidoes = judgeCertidoes(mainDocs, [...(main ? [main] : []), ...others], parties.sellers, options.asOf, { condominium: isCondominiumUnit(main, facts) });
  const cityFact = facts.find((f) => f.key === 'cidade');
  const ufFact = facts.find((f) => f.key === 'uf');
  const city = cityFact ? String(cityFact.normalized ?? cityFact.value) : null;
  const uf = ufFact ? String(ufFact.normalized ?? ufFact.value).toUpperCase() : null;
  const itbiRate = city && options.itbiRate ? options.itbiRate(city, uf) : null;
  const matriculas = [...(main ? [main] : []), ...others].map((r) => r.dossier);
  const checks = runChecks(
    {
      facts,
      main: main?.dossier ?? null,
      contract: parties.doc ?? docs.find((d) => d.type === 'escritura') ?? docs.find((d) => d.type === 'compromisso') ?? docs.find((d) => d.type === 'minuta') ?? null,
      sellers: parties.sellers,
      certidoes,
      itbiRate,
      city,
      types: new Map(docs.map((d) => [d.source.id, d.type ?? ''])),
    },
    matriculas,
  );

  if (reads.length === 0) warnings.push('A pasta não tem certidão de matrícula: proprietários e ônus não puderam ser lidos.');
  for (const r of reads) {
    const label = r.dossier.matricula ? `matrícula nº ${r.dossier.matricula}` : r.doc.source.fileName;
    if (r.dossier.basis === 'nao_lidos') warnings.push(`Atos não lidos — confira a ${label} (${r.doc.source.fileName}): ${r.dossier.owners.length > 0 ? 'ônus' : 'proprietários e ônus'} não verificados.`);
    else if (r.dossier.owners.length === 0) warnings.push(`Os proprietários atuais da ${label} não puderam ser lidos.`);
    if (r.dossier.continues) warnings.push(`A ${label} diz que continua ('continua no verso' / 'vide próxima folha'), mas a folha seguinte não está em ${r.doc.source.fileName}: atos e ônus podem faltar — envie a certidão completa.`);
    if (!r.dossier.matricula) warnings.push(`O número da matrícula de ${r.doc.source.fileName} não está legível.`);
  }
  // A personal certificate that names no seller (a buyer's, a spouse's) satisfies no item.
  const judged = new Set(certidoes.map((c) => c.documentId));
  for (const d of mainDocs) {
    if ((d.type === 'cndt' || d.type === 'cnd_federal') && !judged.has(d.source.id) && parties.sellers.length > 0) {
      warnings.push(`${d.source.fileName} não é de um dos vendedores (${parties.sellers.map((p) => p.name).join(', ')}): não vale como certidão da venda.`);
    }
  }
  if (parties.sellers.length === 0) warnings.push('Vendedores não identificados: a pasta não traz escritura, compromisso ou minuta legível.');
  if (city && options.itbiRate && !itbiRate) warnings.push(`Alíquota do ITBI de ${city} desconhecida nos dados de referência.`);

  return {
    version: DOSSIER_VERSION,
    asOf: options.asOf,
    documentIds: documents.map((d) => d.id),
    matriculas,
    facts,
    sellers: parties.sellers,
    buyers: parties.buyers,
    certidoes,
    checks,
    warnings,
  };
}

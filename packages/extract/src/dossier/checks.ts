import { LIEN_TYPES } from '@viabiliza/contracts/document-types';
import {
  CERTIDAO_ITEMS,
  CERTIDAO_STATUS_LABELS,
  CHECK_IDS,
  type CertidaoCheck,
  type CheckId,
  type Citation,
  type DossierCheck,
  type DossierFact,
  type DossierFactKey,
  type DossierParty,
  type MatriculaDossier,
} from '@viabiliza/contracts/dossier';
import { sameName } from '../acts.ts';
import { brDate, brMoney, brNumber, citeField, digitsOnly, fieldOf, type Doc } from './common.ts';
import { addressKey } from './facts.ts';

/**
 * The checks a lawyer makes across the folder (DOCUMENTS.md), each ok, atenção, falha or sem
 * dados, with one Portuguese sentence holding the figures compared and the citations they rest on.
 */

export interface CheckInput {
  facts: DossierFact[];
  main: MatriculaDossier | null;
  contract: Doc | null;
  sellers: DossierParty[];
  certidoes: CertidaoCheck[];
  itbiRate: { rate: number; source: string } | null;
  city: string | null;
  /** Document id → registry type, to tell an IPTU's area from another's. */
  types: ReadonlyMap<string, string>;
}

const make = (id: CheckId, status: DossierCheck['status'], detail: string, citations: Citation[]): DossierCheck => ({ id, label: CHECK_IDS[id], status, detail, citations });

const factOf = (facts: readonly DossierFact[], key: DossierFactKey) => facts.find((f) => f.key === key) ?? null;
const num = (f: DossierFact | null): number | null => (f && typeof f.normalized === 'number' ? f.normalized : null);
const m2 = (n: number) => `${brNumber(n)} m²`;

function matriculaCheck({ main, contract }: CheckInput): DossierCheck {
  const id = 'matricula_escritura';
  if (!main || !main.matricula) return make(id, 'sem_dados', 'Não há certidão de matrícula legível na pasta.', []);
  const cert = main.acts[0]?.citation ?? null;
  if (!contract) return make(id, 'sem_dados', `Matrícula nº ${main.matricula} na certidão; não há escritura, compromisso ou minuta para comparar.`, cert ? [cert] : []);
  const field = fieldOf(contract, 'matricula_numero');
  if (!field) return make(id, 'sem_dados', `O ${contract.source.fileName} não traz o número da matrícula legível.`, cert ? [cert] : []);
  const printed = digitsOnly(String(field.normalized ?? field.value)).replace(/^0+/, '');
  const citation = citeField(contract, field, ['matricula']);
  if (printed === main.matricula.replace(/^0+/, '')) return make(id, 'ok', `A matrícula nº ${main.matricula} da certidão é a citada em ${contract.source.fileName}.`, [citation]);
  return make(id, 'falha', `${contract.source.fileName} cita a matrícula nº ${printed}, mas a certidão é da matrícula nº ${main.matricula}.`, [citation]);
}

function sellersCheck({ main, sellers }: CheckInput): DossierCheck {
  const id = 'vendedores_proprietarios';
  if (!main || main.owners.length === 0) return make(id, 'sem_dados', 'Os proprietários atuais não puderam ser lidos da matrícula.', []);
  if (sellers.length === 0) return make(id, 'sem_dados', `Proprietários atuais: ${main.owners.map((o) => o.name).join(', ')}; a pasta não traz os vendedores (escritura, compromisso ou minuta).`, main.owners.map((o) => o.citation).slice(0, 1));
  const isOwner = (name: string) => main.owners.some((o) => sameName(o.name, name));
  // A spouse who signs beside an owner (the deed says 'casado … com X') consents; not a seller without title.
  const consenting = sellers.filter((s) => !isOwner(s.name) && sellers.some((o) => o !== s && isOwner(o.name) && ((o.spouse !== null && sameName(o.spouse, s.name)) || (s.spouse !== null && sameName(s.spouse, o.name)))));
  const notOwners = sellers.filter((s) => !isOwner(s.name) && !consenting.includes(s));
  const notSelling = main.owners.filter((o) => !sellers.some((s) => sameName(o.name, s.name)));
  const citations = [...new Map([...main.owners.map((o) => o.citation), ...sellers.map((s) => s.citation)].map((c) => [`${c.documentId}|${c.page}|${c.quote}`, c])).values()];
  const owners = main.owners.map((o) => `${o.name}${o.fraction !== null ? ` (${brNumber(o.fraction * 100)}%)` : ''}`).join(', ');
  if (notOwners.length > 0) {
    return make(id, 'falha', `Vendedor(es) que não constam como proprietários na matrícula: ${notOwners.map((s) => s.name).join(', ')}. Proprietários atuais: ${owners}.`, citations);
  }
  if (notSelling.length > 0) {
    return make(id, 'atencao', `Proprietário(s) que não figuram como vendedores: ${notSelling.map((o) => o.name).join(', ')} (proprietários atuais: ${owners}).`, citations);
  }
  const spouses = consenting.length > 0 ? ` ${consenting.map((s) => s.name).join(', ')} assina(m) como cônjuge.` : '';
  return make(id, 'ok', `Os vendedores são os proprietários atuais: ${owners}.${spouses}`, citations);
}

function sameFactCheck(id: CheckId, facts: readonly DossierFact[], key: DossierFactKey, what: string): DossierCheck {
  const fact = factOf(facts, key);
  if (!fact) return make(id, 'sem_dados', `Nenhum documento traz ${what} legível.`, []);
  const citations = fact.sources.map((s) => s.citation);
  if (fact.sources.length < 2) return make(id, 'ok', `${capital(what)} ${fact.value}, lido em um único documento.`, citations);
  if (!fact.conflict) return make(id, 'ok', `${capital(what)} ${fact.value} igual em ${fact.sources.length} documentos.`, citations);
  const values = [...new Set(fact.sources.map((s) => `${s.value} (${s.citation.fileName})`))].join('; ');
  return make(id, 'falha', `${capital(what)} diverge entre os documentos: ${values}.`, citations);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function addressCheck({ facts }: CheckInput): DossierCheck {
  const id = 'endereco';
  const address = factOf(facts, 'endereco');
  const cep = factOf(facts, 'cep');
  if (!address && !cep) return make(id, 'sem_dados', 'Nenhum documento traz o endereço do imóvel legível.', []);
  const citations = [...(address?.sources ?? []), ...(cep?.sources ?? [])].map((s) => s.citation);
  const problems: string[] = [];
  if (address?.conflict) {
    const keys = [...new Set(address.sources.map((s) => addressKey(s.value)))];
    problems.push(`endereços diferentes: ${keys.length > 1 ? [...new Set(address.sources.map((s) => `${s.value} (${s.citation.fileName})`))].join('; ') : address.value}`);
  }
  if (cep?.conflict) problems.push(`CEPs diferentes: ${[...new Set(cep.sources.map((s) => `${s.value} (${s.citation.fileName})`))].join('; ')}`);
  if (problems.length > 0) return make(id, cep?.conflict ? 'falha' : 'atencao', `${capital(problems.join('; '))}.`, citations);
  const parts = [address ? `endereço ${address.value} em ${address.sources.length} documento(s)` : null, cep ? `CEP ${cep.value} em ${cep.sources.length} documento(s)` : null].filter(Boolean);
  return make(id, 'ok', `Conferem: ${parts.join('; ')}.`, citations);
}

const IPTU_TYPES = new Set(['iptu_cadastral', 'iptu_carne']);
const REGISTRY_SIDE = new Set(['matricula', 'escritura', 'compromisso', 'minuta']);
const SIDE_NAMES: Record<string, string> = { matricula: 'matrícula', escritura: 'escritura', compromisso: 'compromisso', minuta: 'minuta' };

function areasCheck({ facts, types }: CheckInput): DossierCheck {
  const id = 'areas';
  const sourceOf = (key: DossierFactKey, side: ReadonlySet<string>) => {
    const fact = factOf(facts, key);
    const found = fact?.sources.find((s) => typeof s.normalized === 'number' && side.has(types.get(s.citation.documentId) ?? ''));
    return found ? { value: found.normalized as number, citation: found.citation, type: types.get(found.citation.documentId)! } : null;
  };
  // The IPTU's built area against the registry's: the built area averbada for a house, else the
  // unit's total (private + common, as the city counts a flat), else its private area. The lot's
  // land area is the whole lot's for a flat: never compared with a unit's.
  const city = sourceOf('area_construida_m2', IPTU_TYPES);
  const registry: [string, ReturnType<typeof sourceOf>, boolean][] = [
    ['área construída', sourceOf('area_construida_m2', REGISTRY_SIDE), true],
    ['área total', sourceOf('area_total_m2', REGISTRY_SIDE), false],
    ['área privativa', sourceOf('area_privativa_m2', REGISTRY_SIDE), false],
  ];
  const chosen = registry.find(([, source]) => source !== null);
  if (!city && !chosen) return make(id, 'sem_dados', 'Nem a matrícula/escritura nem o IPTU trazem área legível.', []);
  if (!city) return make(id, 'sem_dados', `Não há área construída do IPTU para comparar com a ${chosen![0]} de ${m2(chosen![1]!.value)} (${SIDE_NAMES[chosen![1]!.type]}).`, [chosen![1]!.citation]);
  if (!chosen) return make(id, 'sem_dados', `Área construída do IPTU: ${m2(city.value)}; a matrícula e o contrato não trazem área construída, total ou privativa legível.`, [city.citation]);
  const [label, source, strict] = chosen;
  const value = source!.value;
  const diff = Math.abs(value - city.value);
  const close = diff <= Math.max(0.5, value * 0.01);
  const detail = `Comparada a ${label} da ${SIDE_NAMES[source!.type]} (${m2(value)}) com a área construída do IPTU (${m2(city.value)})${close ? '' : `: diferença de ${m2(diff)}`}.`;
  return make(id, close ? 'ok' : strict ? 'falha' : 'atencao', detail, [source!.citation, city.citation]);
}

function itbiChecks({ facts, itbiRate, city }: CheckInput): DossierCheck[] {
  const base = factOf(facts, 'base_calculo_itbi');
  const value = factOf(facts, 'valor_transacao');
  const vvr = factOf(facts, 'valor_venal_referencia');
  const tax = factOf(facts, 'valor_itbi');
  const paid = factOf(facts, 'valor_itbi_pago');
  const rateFact = factOf(facts, 'aliquota_itbi');
  const cite = (...fs: (DossierFact | null)[]) => fs.flatMap((f) => (f ? [f.sources[0]!.citation] : []));
  const checks: DossierCheck[] = [];

  const b = num(base);
  const v = num(value);
  const r = num(vvr);
  const inSaoPaulo = city !== null && /^sao paulo$/i.test(city.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  if (b === null) checks.push(make('itbi_base', 'sem_dados', 'Nenhuma guia ou declaração de ITBI com base de cálculo legível.', cite(value, vvr)));
  else if (v === null) checks.push(make('itbi_base', 'sem_dados', `Base de cálculo do ITBI ${brMoney(b)}; valor da transação não encontrado.`, cite(base, vvr)));
  else {
    // The declared value is the base (STJ Tema 1113); a city that still charges on its reference
    // value (São Paulo's VVR) makes the base the larger of the two. Either is consistent; less is not.
    const reference = r !== null && r > v ? r : null;
    const cites = cite(base, value, vvr);
    if (Math.abs(b - v) <= 1) {
      checks.push(make('itbi_base', 'ok', `Base de cálculo ${brMoney(b)} = valor da transação (${brMoney(v)})${reference !== null ? `, abaixo do valor venal de referência (${brMoney(reference)})` : ''}.`, cites));
    } else if (reference !== null && Math.abs(b - reference) <= 1) {
      checks.push(make('itbi_base', 'ok', `Base de cálculo ${brMoney(b)} = ${inSaoPaulo ? 'valor venal de referência de São Paulo' : 'valor venal de referência'}, maior que o valor da transação (${brMoney(v)}).`, cites));
    } else if (b < v - 1) {
      checks.push(make('itbi_base', 'falha', `Base de cálculo ${brMoney(b)} abaixo do valor da transação (${brMoney(v)}).`, cites));
    } else {
      checks.push(make('itbi_base', 'atencao', `Base de cálculo ${brMoney(b)} difere do valor da transação (${brMoney(v)})${r !== null ? ` e do valor venal de referência (${brMoney(r)})` : ''}.`, cites));
    }
  }

  const t = num(tax);
  const rate = itbiRate?.rate ?? num(rateFact);
  const rateSource = itbiRate ? itbiRate.source : rateFact ? `alíquota impressa em ${rateFact.sources[0]!.citation.fileName}` : null;
  if (t === null || b === null || rate === null) {
    checks.push(make('itbi_aliquota', 'sem_dados', t === null ? 'Valor do ITBI não encontrado.' : b === null ? `ITBI ${brMoney(t)}; base de cálculo não encontrada.` : `ITBI ${brMoney(t)}; alíquota do município desconhecida.`, cite(tax, base)));
  } else {
    const expected = Math.round(b * rate) / 100;
    const ok = Math.abs(expected - t) <= 1;
    checks.push(make('itbi_aliquota', ok ? 'ok' : 'falha', `ITBI ${brMoney(t)} ${ok ? '=' : '≠'} base ${brMoney(b)} × ${brNumber(rate)}% = ${brMoney(expected)} (${rateSource}).`, cite(tax, base, rateFact)));
  }

  const p = num(paid);
  if (p === null) {
    checks.push(make('itbi_pago', t === null ? 'sem_dados' : 'atencao', t === null ? 'Não há guia nem comprovante de pagamento do ITBI.' : `Não há comprovante de pagamento do ITBI de ${brMoney(t)}.`, cite(tax)));
  } else if (t === null) {
    checks.push(make('itbi_pago', 'ok', `Comprovante de pagamento de ${brMoney(p)}; valor devido não encontrado para comparar.`, cite(paid)));
  } else if (p >= t - 1) {
    const date = factOf(facts, 'data_pagamento_itbi');
    checks.push(make('itbi_pago', 'ok', `Pago ${brMoney(p)}${date ? ` em ${brDate(String(date.normalized ?? ''))}` : ''} (devido ${brMoney(t)}).`, cite(paid, date, tax)));
  } else {
    checks.push(make('itbi_pago', 'falha', `Pago ${brMoney(p)}, menos que o devido ${brMoney(t)}.`, cite(paid, tax)));
  }
  return checks;
}

function certidoesCheck({ certidoes }: CheckInput): DossierCheck {
  const bad = certidoes.filter((c) => c.status !== 'valida');
  const citations = certidoes.flatMap((c) => (c.citation ? [c.citation] : []));
  if (bad.length === 0) return make('certidoes', 'ok', `Todas as ${certidoes.length} certidões presentes e válidas.`, citations);
  const list = bad.map((c) => `${CERTIDAO_ITEMS[c.item]}${c.person ? ` de ${c.person}` : ''}: ${CERTIDAO_STATUS_LABELS[c.status].toLowerCase()}${c.validUntil ? ` (validade ${brDate(c.validUntil)})` : ''}`).join('; ');
  // Missing or expired papers are to be obtained again before the deed: attention, not a defect of the sale.
  return make('certidoes', 'atencao', `${capital(list)}.`, bad.flatMap((c) => (c.citation ? [c.citation] : [])));
}

function liensCheck(main: MatriculaDossier | null, matriculas: readonly MatriculaDossier[]): DossierCheck {
  const active = matriculas.flatMap((m) => m.liens.filter((l) => l.status === 'ativo').map((l) => ({ ...l, matricula: m.matricula })));
  if (!main) {
    const others = active.length > 0 ? ` Na(s) outra(s) matrícula(s): ${active.map((l) => `${LIEN_TYPES[l.type]} (${l.act}, matrícula ${l.matricula})`).join('; ')}.` : '';
    return make('onus', 'sem_dados', `Não há certidão legível da matrícula do imóvel principal.${others}`, active.map((l) => l.citation));
  }
  const cancelled = matriculas.reduce((n, m) => n + m.liens.filter((l) => l.status === 'cancelado').length, 0);
  // 'No active lien' needs the acts read, or the registrar's statement: a matrícula of which
  // nothing could be read leaves its liens unverified, never 'ok'.
  const unread = matriculas.filter((m) => m.basis === 'nao_lidos');
  const unreadList = unread.map((m) => (m.matricula ? `matrícula nº ${m.matricula}` : 'matrícula sem número legível')).join(', ');
  if (active.length === 0 && main.basis === 'nao_lidos') {
    return make('onus', 'sem_dados', `Atos não lidos — confira a matrícula: ônus não verificados (${unreadList}).`, []);
  }
  if (active.length === 0 && unread.length > 0) {
    return make('onus', 'atencao', `Nenhum ônus ativo nos atos lidos; atos não lidos na ${unreadList}: confira-a.`, matriculas.flatMap((m) => m.liens.map((l) => l.cancelCitation ?? l.citation)));
  }
  const partial = matriculas.filter((m) => m.continues);
  if (active.length === 0 && partial.length > 0) {
    return make('onus', 'atencao', `Nenhum ônus ativo nas folhas enviadas, mas a certidão continua em folha que falta (${partial.map((m) => `matrícula nº ${m.matricula || '?'}`).join(', ')}): confira-a completa.`, []);
  }
  if (active.length === 0) return make('onus', 'ok', `Nenhum ônus ativo${cancelled > 0 ? ` (${cancelled} cancelado(s) por atos posteriores)` : ''}.`, matriculas.flatMap((m) => m.liens.map((l) => l.cancelCitation ?? l.citation)));
  const list = active.map((l) => `${LIEN_TYPES[l.type]} (${l.act}${l.beneficiary ? `, em favor de ${l.beneficiary}` : ''}, matrícula ${l.matricula})`).join('; ');
  const status = active.some((l) => l.severity === 'bloqueia') ? 'falha' : active.some((l) => l.severity === 'condiciona') ? 'atencao' : 'ok';
  return make('onus', status, `Ônus ativo(s): ${list}.`, active.map((l) => l.citation));
}

export function runChecks(input: CheckInput, matriculas: readonly MatriculaDossier[]): DossierCheck[] {
  return [
    matriculaCheck(input),
    sellersCheck(input),
    sameFactCheck('inscricao', input.facts, 'inscricao_imobiliaria', 'inscrição imobiliária'),
    addressCheck(input),
    areasCheck(input),
    ...itbiChecks(input),
    certidoesCheck(input),
    liensCheck(input.main, matriculas),
  ];
}

import type { ReferenceRow } from '../reference-data.ts';

/*
 * City ITBI rows (issue 17, item 4a): the 30 most populous municipalities (IBGE, Censo 2022) plus the
 * cities already in the dataset. Series 'itbi'; `value` is the general rate; `financedRate` is the
 * rate on the SFH-financed part up to `financedCeiling` (BRL) and, where the law limits it to
 * properties up to a value, `financedPriceCeiling`. Append-only: a change is a new dated row.
 *
 * `asOf` is the date the row was confirmed in this compilation (2026-11-25), or the date the law
 * took effect when a row records a change (Guarulhos 2026) or a yearly-updated ceiling
 * (Florianópolis 2025). Rows whose rate could not be confirmed in an official page or the press
 * carry `uncertain: true` and say 'confirme na prefeitura'; no law number is given unless a
 * source named it.
 */

export interface ItbiCityRow extends ReferenceRow {
  series: 'itbi';
  city: string;
  state: string;
  /** Rate on the SFH-financed part (fraction). */
  financedRate?: number;
  /** Ceiling (BRL) of the financed part taxed at `financedRate`. */
  financedCeiling?: number;
  /** The reduced rate applies only to properties worth up to this value (BRL). */
  financedPriceCeiling?: number;
  /** The municipal law (number/year) or the official page behind the rate. */
  law: string;
}

/** Date the rows below were confirmed (the analysis clock when the table was compiled). */
export const ITBI_CONFIRMED = '2026-11-25';

const UNCONFIRMED_NOTE = 'Alíquota não confirmada em fonte oficial nesta compilação: confirme na prefeitura.';
const UNCONFIRMED_SOURCE = 'sem fonte oficial confirmada; alíquota típica dos municípios (2–3%)';
const BASE_NOTE = 'Base: valor declarado da transação (STJ, Tema 1113).';

function itbi(slug: string, r: Omit<ItbiCityRow, 'id' | 'series' | 'label' | 'unit' | 'cadence'> & { label?: string }): ItbiCityRow {
  return {
    id: `itbi-${slug}-${r.asOf}`,
    series: 'itbi',
    label: r.label ?? `ITBI ${r.city}`,
    unit: 'fraction',
    cadence: 'event',
    ...r,
  };
}

/** A city whose rate this compilation could not confirm: typical 3 %, flagged. */
function unconfirmed(slug: string, city: string, state: string, law = 'lei municipal do ITBI (não identificada nesta compilação)'): ItbiCityRow {
  return itbi(slug, {
    city,
    state,
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: UNCONFIRMED_SOURCE,
    law,
    uncertain: true,
    note: UNCONFIRMED_NOTE,
  });
}

export const ITBI_CITY_ROWS: readonly ItbiCityRow[] = [
  // 1. São Paulo — page of the Secretaria Municipal da Fazenda (contracts from 25/02/2022).
  itbi('sao-paulo', {
    city: 'São Paulo',
    state: 'SP',
    value: 0.03,
    financedRate: 0.005,
    financedCeiling: 110_673.72,
    financedPriceCeiling: 664_041.74,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de São Paulo, SF — ITBI: Cálculo do Imposto (capital.sp.gov.br/web/fazenda/w/servicos/itbi/2513)',
    law: 'Lei 11.154/1991; Decreto 55.196/2014',
    uncertain: false,
    note: `0,5% sobre o valor financiado pelo SFH/PAR/HIS ou consórcio até R$ 110.673,72, para imóveis de até R$ 664.041,74; 3% sobre o restante e nas demais transmissões (SFI, carteira hipotecária). Limites atualizados anualmente. ${BASE_NOTE}`,
  }),
  // 2. Rio de Janeiro — 3% (a notary office's page); the law number was not confirmed.
  itbi('rio-de-janeiro', {
    city: 'Rio de Janeiro',
    state: 'RJ',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Notariado FCD, "Transmissão de propriedade imobiliária" (notariadofcd.com.br): alíquota de 3% no Município do Rio de Janeiro',
    law: 'lei municipal do ITBI (número não confirmado nesta compilação)',
    uncertain: false,
    note: BASE_NOTE,
  }),
  // 3. Brasília — the ITBI of the Distrito Federal.
  itbi('brasilia', {
    city: 'Brasília',
    state: 'DF',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Secretaria de Fazenda do DF, legislação (Lei 3.830/2006 e alterações); alíquota do art. 9º não lida na fonte',
    law: 'Lei distrital 3.830/2006 (redução a 1% em condições da Lei 7.036/2021)',
    uncertain: true,
    note: 'Alíquota geral não confirmada no texto consultado; a Lei 7.036/2021 reduz a alíquota do art. 9º para 1% em condições específicas. Confirme na Secretaria de Fazenda do DF.',
  }),
  // 4. Fortaleza
  unconfirmed('fortaleza', 'Fortaleza', 'CE'),
  // 5. Salvador — ITIV, Código Tributário e de Rendas (Lei 7.186/2006); rate not read.
  unconfirmed('salvador', 'Salvador', 'BA', 'Lei 7.186/2006 (Código Tributário e de Rendas do Município do Salvador), ITIV'),
  // 6. Belo Horizonte — PBH, ITBI dúvidas frequentes: 3% since 1 May 2014.
  itbi('belo-horizonte', {
    city: 'Belo Horizonte',
    state: 'MG',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de Belo Horizonte, ITBI — dúvidas frequentes (prefeitura.pbh.gov.br/fazenda/itbi)',
    law: 'Lei 5.492/1988 e alterações (alíquota de 3% desde 1º/05/2014)',
    uncertain: false,
    note: `Sem alíquota reduzida para a parte financiada; isenções por valor venal (Lei 8.147/2013) não aplicadas aqui. ${BASE_NOTE}`,
  }),
  // 7. Manaus — 2% (a 2019 bill raising it to 3% was amended to drop the rise); 1,8% paid before the deed.
  itbi('manaus', {
    city: 'Manaus',
    state: 'AM',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'No Amazonas É Assim (2019, PL 417/2019 sem o aumento de 2% para 3%) e Portal do Holanda (09/2020, Lei 2.674/2020)',
    law: 'Lei 459/1998 e alterações',
    uncertain: false,
    note: 'Alíquota de 1,8% quando o imposto é pago antes da lavratura da escritura (não aplicada aqui). Confirme na Semef.',
  }),
  // 8. Curitiba — Prefeitura, ITBI base de cálculo e alíquotas: 2,7%.
  itbi('curitiba', {
    city: 'Curitiba',
    state: 'PR',
    value: 0.027,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de Curitiba, ITBI — Base de Cálculo e Alíquotas (curitiba.pr.gov.br/servicos/itbi-base-de-calculo-e-aliquotas/512)',
    law: 'Lei Complementar 108/2017',
    uncertain: false,
    note: 'Há alíquotas diferenciadas para imóvel residencial edificado financiado por 5 anos ou mais com garantia real; não aplicadas aqui (confirme na prefeitura).',
  }),
  // 9. Recife — 3%; SFH 1% (press on the 2025 campaign; the temporary 2% is not applied).
  itbi('recife', {
    city: 'Recife',
    state: 'PE',
    value: 0.03,
    financedRate: 0.01,
    asOf: ITBI_CONFIRMED,
    source: 'Diario de Pernambuco (12/2025) e JC (19/11/2025) sobre a Secretaria de Finanças do Recife; Lei 15.563/1991 (CTM) citada por cartório',
    law: 'Lei 15.563/1991 (Código Tributário Municipal), arts. 43 a 61',
    uncertain: false,
    note: '1% para imóveis financiados pelo SFH (aplicado à parte financiada; confirme na prefeitura); 1,8% quando pago em até 180 dias do contrato; a redução temporária a 2% (até 31/01/2026) não é aplicada.',
  }),
  // 10. Goiânia
  unconfirmed('goiania', 'Goiânia', 'GO', 'Lei Complementar 344/2021 (Código Tributário do Município de Goiânia)'),
  // 11. Porto Alegre — 3%; 0,5% on the financed part (SFH, SFI, consórcio, FGTS) up to 68 mil UFM.
  itbi('porto-alegre', {
    city: 'Porto Alegre',
    state: 'RS',
    value: 0.03,
    financedRate: 0.005,
    financedCeiling: 160_881.2,
    asOf: ITBI_CONFIRMED,
    source: 'GZH (12/2023) com auditores fiscais da SMF; teto de 68 mil UFM (R$ 160.881,20) reportado na mudança de 2009',
    law: 'legislação municipal do ITBI (LC 197/1989 e alterações não confirmadas nesta compilação)',
    uncertain: true,
    note: '0,5% sobre a parte financiada (sistema bancário, consórcio, FGTS); o teto da parte financiada é de 68 mil UFM — usado o valor de 2009 (R$ 160.881,20), hoje maior: confirme o teto atual na SMF.',
  }),
  // 12. Belém — Sefin (G1, 12/2019): 2%.
  itbi('belem', {
    city: 'Belém',
    state: 'PA',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'Secretaria Municipal de Finanças de Belém, via G1 Pará (22/12/2019); sefin.belem.pa.gov.br',
    law: 'Lei 7.448/1989 (citada pela Sefin)',
    uncertain: false,
    note: BASE_NOTE,
  }),
  // 13. Guarulhos — 2% (Lei 3.415/1988) until 2025; 3% from 2026 (Lei 8.425/2025).
  itbi('guarulhos', {
    city: 'Guarulhos',
    state: 'SP',
    value: 0.02,
    asOf: '1988',
    source: 'Prefeitura de Guarulhos, carta de serviços — ITBI (Lei 3.415/1988)',
    law: 'Lei 3.415/1988',
    uncertain: false,
    note: 'Alíquota de 2% em vigor até 31/12/2025.',
  }),
  itbi('guarulhos', {
    city: 'Guarulhos',
    state: 'SP',
    value: 0.03,
    asOf: '2026-01-01',
    source: 'Folha de Guarulhos sobre a Lei 8.425/2025 (publicada em 16/12/2025)',
    law: 'Lei 8.425/2025',
    uncertain: false,
    note: 'Alíquota elevada de 2% para 3% a partir de 2026.',
  }),
  // 14. Campinas — the press says 'around 3%'.
  itbi('campinas', {
    city: 'Campinas',
    state: 'SP',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'imobiliária local (blog D. Lange, 2026): alíquota padrão "em torno de 3%"',
    law: 'lei municipal do ITBI (não identificada nesta compilação)',
    uncertain: true,
    note: UNCONFIRMED_NOTE,
  }),
  unconfirmed('sao-luis', 'São Luís', 'MA'),
  unconfirmed('maceio', 'Maceió', 'AL', 'Lei 6.685/2017 (Código Tributário do Município de Maceió)'),
  unconfirmed('campo-grande', 'Campo Grande', 'MS'),
  unconfirmed('sao-goncalo', 'São Gonçalo', 'RJ'),
  unconfirmed('teresina', 'Teresina', 'PI', 'Lei Complementar 3.606/2006 (Código Tributário do Município de Teresina)'),
  unconfirmed('joao-pessoa', 'João Pessoa', 'PB'),
  unconfirmed('sao-bernardo-do-campo', 'São Bernardo do Campo', 'SP'),
  unconfirmed('duque-de-caxias', 'Duque de Caxias', 'RJ'),
  unconfirmed('nova-iguacu', 'Nova Iguaçu', 'RJ'),
  unconfirmed('natal', 'Natal', 'RN', 'Lei 3.882/1989 (Código Tributário do Município), ITIV'),
  unconfirmed('santo-andre', 'Santo André', 'SP'),
  unconfirmed('osasco', 'Osasco', 'SP'),
  unconfirmed('sorocaba', 'Sorocaba', 'SP', 'Lei 3.185/1989 (Decreto 19.175/2011)'),
  unconfirmed('uberlandia', 'Uberlândia', 'MG'),
  itbi('ribeirao-preto', {
    city: 'Ribeirão Preto',
    state: 'SP',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'RMR Associados (escritório de advocacia de Ribeirão Preto): "a alíquota vigente, em regra, é de 2%"',
    law: 'lei municipal do ITBI (número não identificado nesta compilação)',
    uncertain: false,
    note: BASE_NOTE,
  }),
  // São José dos Campos — 2% since 2009, kept by the 2025 law (base: market value, from 2026).
  itbi('sao-jose-dos-campos', {
    city: 'São José dos Campos',
    state: 'SP',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'O Vale (23/09/2025): lei sancionada mantém a alíquota de 2% a partir de 2026',
    law: 'lei municipal de 2025 (base de cálculo a partir de 2026) e lei de 2009 (números não identificados)',
    uncertain: false,
    note: 'Outra lei de 2025 prevê 0,5% em casos específicos (não aplicada aqui; confirme na prefeitura).',
  }),
  // Cities already in the dataset.
  itbi('jundiai', {
    city: 'Jundiaí',
    state: 'SP',
    value: 0.025,
    financedRate: 0.015,
    financedCeiling: 120_000,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de Jundiaí',
    law: 'lei municipal do ITBI (número não identificado nesta compilação)',
    uncertain: false,
    note: '1,5% sobre a parte financiada até R$ 120 mil; 2,5% sobre o restante.',
  }),
  // Florianópolis — LC 600/2017: 2%; 0,5% on the SFH/PAR/HIS-financed part up to a ceiling
  // updated by the IPCA each January (R$ 180.000 in 2017; R$ 226.007,12 in 2025).
  itbi('florianopolis', {
    city: 'Florianópolis',
    state: 'SC',
    value: 0.02,
    financedRate: 0.005,
    financedCeiling: 226_007.12,
    asOf: '2025-01',
    source: 'Prefeitura de Florianópolis; LC 600/2017 (teto de 2025, atualizado pelo IPCA a cada janeiro)',
    law: 'Lei Complementar 600/2017',
    uncertain: false,
    note: '0,5% sobre a parte financiada pelo SFH/PAR/HIS até o teto (atualizado pelo IPCA a cada janeiro); 2% sobre o restante e nas demais transmissões.',
  }),
  // Vitória — 2%; 1% through a housing cooperative (A Gazeta, 07/2024).
  itbi('vitoria', {
    city: 'Vitória',
    state: 'ES',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'A Gazeta (07/2024), coluna Abdo Filho, sobre a arrecadação de ITBI de Vitória',
    law: 'Lei 3.571/1989 e alterações; Decreto 12.882/2006',
    uncertain: false,
    note: '1% na aquisição por cooperativa habitacional (não aplicada aqui); 2% nas demais transmissões.',
  }),
  unconfirmed('cuiaba', 'Cuiabá', 'MT'),
];

import type { ReferenceRow } from '../reference-data.ts';

/*
 * City ITBI rows (issue 17, item 4a): the 30 most populous municipalities (IBGE, Censo 2022) plus the
 * cities already in the dataset — 34 cities, 36 rows. Series 'itbi'; `value` is the general rate;
 * `financedRate` is the rate on the SFH-financed part up to `financedCeiling` (BRL) and, where the
 * law limits it to properties up to a value, `financedPriceCeiling`. Append-only: a change is a new
 * dated row.
 *
 * `asOf` is the date the row was confirmed in this compilation (2026-11-25; rows reviewed on
 * 2026-11-27 keep that date so their ids stay stable), or the date the law took effect when a row
 * records a change (Brasília 3 % from 2015 and 2 % from 2025, Guarulhos 2026) or a yearly-updated
 * ceiling (Florianópolis 2025).
 *
 * A row is confirmed (`uncertain: false`) only when a source that was read states the rate and the
 * row names the law (number/year) or an official page; a secondary source (press, law firm, notary,
 * real-estate agency) is named as such in `source`. 17 rows are confirmed. The other 19 carry
 * `uncertain: true` and say 'confirme na prefeitura': 13 are the typical 3 % with no source for the
 * rate (some with the law named), 3 have a rate from a weak or indirect source (Fortaleza 2 %,
 * Goiânia 2 %, Campinas 3 %), Porto Alegre's financed-part ceiling is stale, and Rio de Janeiro and
 * São José dos Campos have their rate from a secondary source but no law number. No law number or
 * page is given unless a source named it.
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
  // 2. Rio de Janeiro — 3% from a notary office's page; no law number or official page was found,
  // so the row stays flagged (rate kept).
  itbi('rio-de-janeiro', {
    city: 'Rio de Janeiro',
    state: 'RJ',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Notariado FCD, "Transmissão de propriedade imobiliária" (notariadofcd.com.br; cartório, fonte secundária): alíquota de 3% no Município do Rio de Janeiro',
    law: 'lei municipal do ITBI (número não confirmado nesta compilação)',
    uncertain: true,
    note: `Alíquota de 3% de fonte secundária (cartório); lei e página oficial não identificadas: confirme na prefeitura. ${BASE_NOTE}`,
  }),
  // 3. Brasília — ITBI of the Distrito Federal (Lei 3.830/2006): 3% from 2015 (up from 2%); a law
  // sanctioned in December 2024 lowered it to 2% (1% on the first transfer of a new property) from 2025.
  itbi('brasilia', {
    city: 'Brasília',
    state: 'DF',
    value: 0.03,
    asOf: '2015',
    source: 'Correio Braziliense (03/12/2024, imprensa): "atualmente 3%"; "em 2015, o ITBI subiu de 2% para 3%"; Repórter Maceió (sem data, imprensa): 2% até 2015, 3% desde o Pacto por Brasília',
    law: 'Lei distrital 3.830/2006, art. 9º, e alterações (Secretaria de Fazenda do DF, fazenda.df.gov.br)',
    uncertain: false,
    note: 'Alíquota de 3% de 2015 a 2024; a redução temporária a 1% (Lei 7.036/2021, Pró-Economia II, 2022) não é aplicada.',
  }),
  itbi('brasilia', {
    city: 'Brasília',
    state: 'DF',
    value: 0.02,
    asOf: '2025',
    source: 'Correio Braziliense (03/12/2024), g1 DF (reproduzido por noticiasdiatodotododia.com.br) e Brasil em Folhas (12/2024), imprensa: CLDF aprova a redução de 3% para 2% (imóveis usados) e 1% (imóvel novo, primeira transferência); Repórter Maceió (sem data, imprensa): medida publicada em edição extra do DODF, a partir de 2025',
    law: 'Lei distrital 3.830/2006, art. 9º, na redação da lei distrital sancionada em 12/2024 (número não identificado nesta compilação)',
    uncertain: false,
    note: `2% nas transmissões em geral a partir de 2025; 1% na primeira transferência de imóvel novo (não aplicada aqui). Sem alíquota reduzida para a parte financiada. ${BASE_NOTE}`,
  }),
  // 4. Fortaleza — 2%; 0,5% on the SFH-financed value up to R$ 42.800 (a real-estate agency's page,
  // undated; the ceiling may predate the 2013 tax code). Flagged.
  itbi('fortaleza', {
    city: 'Fortaleza',
    state: 'CE',
    value: 0.02,
    financedRate: 0.005,
    financedCeiling: 42_800,
    asOf: ITBI_CONFIRMED,
    source: 'Lima Imobiliária (limaimobiliaria.com.br, página sem data; imobiliária, fonte secundária): 2% sobre o valor venal; SFH 0,5% sobre o valor financiado até R$ 42.800,00 e 2% sobre o restante',
    law: 'Lei Complementar 159/2013 (Código Tributário do Município de Fortaleza), que revogou a Lei 9.133/2006 do ITBI',
    uncertain: true,
    note: 'Alíquota e teto da parte financiada de fonte secundária sem data (o teto de R$ 42.800 pode ser anterior ao código de 2013); a redução temporária de 2024 (1,5%/1%, O Povo 04/2024) não é aplicada. Confirme na Sefin.',
  }),
  // 5. Salvador — ITIV 3% (1% for low-value 'popular' properties), Correio 2015.
  itbi('salvador', {
    city: 'Salvador',
    state: 'BA',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Correio (correio24horas.com.br, 17/11/2015, imprensa): "em Salvador, a alíquota corresponde a 1% do valor total de imóveis populares e 3% do valor dos demais imóveis"',
    law: 'Lei 7.186/2006 (Código Tributário e de Rendas do Município do Salvador), ITIV; Decreto 24.058/2013 (regulamento)',
    uncertain: false,
    note: `Fonte de 2015. 1% para imóveis populares (faixa de valor não identificada; não aplicada aqui); sem alíquota reduzida para a parte financiada. ${BASE_NOTE}`,
  }),
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
  // 10. Goiânia — ISTI. The 2021 temporary cut (LC 342/2021: half the CTM rates for SFH, a quarter
  // off for the rest) implies 0,5% on the financed value up to R$ 200 mil, 1% up to R$ 650 mil, 2%
  // above and 2% otherwise. Derived, and the CTM was replaced late in 2021: flagged.
  itbi('goiania', {
    city: 'Goiânia',
    state: 'GO',
    value: 0.02,
    financedRate: 0.005,
    financedCeiling: 200_000,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de Goiânia, notícia de 07/2021 (goiania.go.gov.br/_prefeitura-concede-desconto-de-50-no-isti/) e LC 342/2021 (goiania.go.gov.br, Casa Civil): alíquotas temporárias de 0,25% (financiado até R$ 200 mil), 0,5% (até R$ 650 mil), 1% (acima) e 1,5% (não financiado até R$ 400 mil), metade das do CTM para o SFH e 25% abaixo para as demais; alíquotas plenas derivadas',
    law: 'Lei 5.040/1975 (CTM), arts. 94-A a 94-R, em 2021; Lei Complementar 344/2021 (novo Código Tributário do Município de Goiânia) não lida',
    uncertain: true,
    note: 'Alíquotas derivadas da redução temporária de 2021: 0,5% sobre o financiado pelo SFH até R$ 200 mil; a faixa de 1% (R$ 200 mil a R$ 650 mil) é tributada aqui a 2%. Confirme na prefeitura as alíquotas do código de 2021.',
  }),
  // 11. Porto Alegre — 3% (LC 197/1989, art. 16); 0,5% on the financed part (SFH, SFI, consórcio,
  // FGTS) up to 68 mil UFM — the 2009 value of the ceiling is used: flagged.
  itbi('porto-alegre', {
    city: 'Porto Alegre',
    state: 'RS',
    value: 0.03,
    financedRate: 0.005,
    financedCeiling: 160_881.2,
    asOf: ITBI_CONFIRMED,
    source: 'GZH (12/2023) com auditores fiscais da SMF (0,5% sobre a parte financiada); Jornal do Comércio (03/2023, imprensa): campanha reduz a alíquota de 3% para 1,5%; JC (11/2021): alíquotas do art. 16 da LC 197/1989; teto de 68 mil UFM (R$ 160.881,20) reportado na mudança de 2009',
    law: 'Lei Complementar 197/1989, art. 16 (alíquotas), e alterações',
    uncertain: true,
    note: '3% confirmado na imprensa; 0,5% sobre a parte financiada (sistema bancário, consórcio, FGTS) até 68 mil UFM — usado o valor de 2009 (R$ 160.881,20), hoje maior: confirme o teto atual na SMF.',
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
  // 14. Campinas — the press says 'around 3%'; the ITBI law is named by the city's legal library.
  itbi('campinas', {
    city: 'Campinas',
    state: 'SP',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'imobiliária local (blog D. Lange, 2026): alíquota padrão "em torno de 3%"; lei do ITBI na Biblioteca Jurídica da Prefeitura de Campinas (alíquota não lida)',
    law: 'Lei 12.391/2005 (ITBI) e alterações',
    uncertain: true,
    note: UNCONFIRMED_NOTE,
  }),
  unconfirmed('sao-luis', 'São Luís', 'MA', 'Lei 6.289/2017 (Código Tributário do Município de São Luís, inclui o ITBI)'),
  unconfirmed('maceio', 'Maceió', 'AL', 'Lei 6.685/2017 (Código Tributário do Município de Maceió)'),
  unconfirmed('campo-grande', 'Campo Grande', 'MS', 'Lei 2.592/1989 (institui o ITBI)'),
  unconfirmed('sao-goncalo', 'São Gonçalo', 'RJ'),
  unconfirmed('teresina', 'Teresina', 'PI', 'Lei Complementar 4.974/2016 (Código Tributário do Município de Teresina, que substituiu a LC 3.606/2006)'),
  unconfirmed('joao-pessoa', 'João Pessoa', 'PB', 'Lei Complementar 53/2008 (Código Tributário do Município de João Pessoa), ITBI'),
  unconfirmed('sao-bernardo-do-campo', 'São Bernardo do Campo', 'SP'),
  unconfirmed('duque-de-caxias', 'Duque de Caxias', 'RJ'),
  unconfirmed('nova-iguacu', 'Nova Iguaçu', 'RJ'),
  // Natal — ITIV 3% (Semut, 2012: a temporary discount took it 'de 3% para 1,5%').
  itbi('natal', {
    city: 'Natal',
    state: 'RN',
    value: 0.03,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura do Natal, Secretaria Municipal de Tributação (natal.rn.gov.br/news/post2/8041, notícia sobre o Decreto 9.626 — fev. 2012 pelo contexto): "a alíquota do ITIV passa de 3% para 1,5%" durante o desconto temporário',
    law: 'Lei 3.882/1989 (Código Tributário do Município), ITIV; Decreto 11.089/2016 (regulamento)',
    uncertain: false,
    note: `Fonte oficial de 2012; descontos temporários de regularização não aplicados. Sem alíquota reduzida para a parte financiada identificada. ${BASE_NOTE}`,
  }),
  unconfirmed('santo-andre', 'Santo André', 'SP', 'Lei 6.586/1989 (ITBI), atualizada até a Lei 10.706/2023'),
  unconfirmed('osasco', 'Osasco', 'SP'),
  unconfirmed('sorocaba', 'Sorocaba', 'SP', 'Lei 3.185/1989 (Decreto 19.175/2011)'),
  // Uberlândia — Prefeitura, Secretaria de Finanças: 2%; 0,5% on the SFH-financed value only for
  // housing for the lower-income population (criterion not defined on the page: not applied).
  itbi('uberlandia', {
    city: 'Uberlândia',
    state: 'MG',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'Prefeitura de Uberlândia, Secretaria de Finanças — ITBI (uberlandia.mg.gov.br/prefeitura/secretarias/financas/itbi/)',
    law: 'Lei 4.871/1989',
    uncertain: false,
    note: `2% nas transmissões a título oneroso. Pelo SFH, para imóveis destinados à população de menor renda, 0,5% sobre o valor financiado e 2% sobre o restante — critério de renda não definido na página, não aplicado aqui (confirme na prefeitura). ${BASE_NOTE}`,
  }),
  // Ribeirão Preto — 2% (a law firm); the ITBI law from the Prefeitura's legislation system.
  itbi('ribeirao-preto', {
    city: 'Ribeirão Preto',
    state: 'SP',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'RMR Associados (escritório de advocacia de Ribeirão Preto): "a alíquota vigente, em regra, é de 2%"; Lei 5.430/1989 no sistema de legislação da Prefeitura (cópia de 04/2015)',
    law: 'Lei 5.430/1989 (institui o ITBI) e alterações',
    uncertain: false,
    note: BASE_NOTE,
  }),
  // São José dos Campos — 2% since 2009, kept by the law sanctioned on 23/09/2025 (base: market
  // value, from 2026); the law numbers were not found, so the row stays flagged (rate kept).
  itbi('sao-jose-dos-campos', {
    city: 'São José dos Campos',
    state: 'SP',
    value: 0.02,
    asOf: ITBI_CONFIRMED,
    source: 'O Vale (23/09/2025, imprensa): lei sancionada mantém a alíquota de 2% a partir de 2026',
    law: 'lei municipal sancionada em 23/09/2025 (base de cálculo a partir de 2026) e lei de 2009 (números não identificados)',
    uncertain: true,
    note: 'Alíquota de 2% na imprensa; lei sem número identificado: confirme na prefeitura. Outra lei de 2025 prevê 0,5% em casos específicos (não aplicada aqui).',
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
  unconfirmed('cuiaba', 'Cuiabá', 'MT', 'Lei Complementar 043/1997 (Código Tributário do Município de Cuiabá), ITBI (isenções no art. 228)'),
];

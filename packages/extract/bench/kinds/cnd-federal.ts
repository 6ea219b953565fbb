/**
 * Certidão de débitos relativos a créditos tributários federais e à dívida ativa da União
 * (Receita Federal / PGFN), about a person: negative, or positive with the effects of negative.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, br, iso, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function cndFederal(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; positive: boolean; who?: Person; id?: string }): DocSpec {
  const doc = new DocBuilder({ size: 10, leading: 15 });
  const who = variant.who ?? sale.sellers[0]!;
  const issued = addDays(sale.dates.certidoes, -rng.int(0, 12));
  const valid = addDays(issued, 180);
  doc.line('MINISTÉRIO DA FAZENDA', { center: true, font: 'bold' });
  doc.line('Secretaria da Receita Federal do Brasil', { center: true });
  doc.line('Procuradoria-Geral da Fazenda Nacional', { center: true });
  doc.space(6);
  doc.line(variant.positive ? 'CERTIDÃO POSITIVA COM EFEITOS DE NEGATIVA DE DÉBITOS RELATIVOS' : 'CERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS', { center: true, font: 'bold', size: 11 });
  doc.line(variant.positive ? 'AOS TRIBUTOS FEDERAIS E À DÍVIDA ATIVA DA UNIÃO' : 'E À DÍVIDA ATIVA DA UNIÃO', { center: true, font: 'bold', size: 11 });
  doc.field('resultado_certidao', variant.positive ? 'positiva com efeitos de negativa' : 'negativa');
  doc.space(6);
  doc.line(`Nome: ${who.name.toUpperCase()}`);
  doc.line(`CPF: ${who.cpf}`);
  doc.space(4);
  doc.para(
    variant.positive
      ? 'Certifica-se que constam débitos em nome do sujeito passivo acima identificado com exigibilidade suspensa, nos termos do art. 151 do Código Tributário Nacional, motivo pelo qual é expedida a presente certidão com os mesmos efeitos da certidão negativa, conforme o art. 206 do CTN.'
      : 'Ressalvado o direito de a Fazenda Nacional cobrar e inscrever quaisquer dívidas de responsabilidade do sujeito passivo acima identificado que vierem a ser apuradas, é certificado que não constam pendências em seu nome relativas a créditos tributários administrados pela Secretaria da Receita Federal do Brasil e a inscrições em Dívida Ativa da União junto à Procuradoria-Geral da Fazenda Nacional.',
  );
  doc.para('Esta certidão refere-se à situação do sujeito passivo no âmbito da RFB e da PGFN e abrange inclusive as contribuições sociais previstas nas alíneas a a d do parágrafo único do art. 11 da Lei nº 8.212, de 24 de julho de 1991.');
  doc.para('A aceitação desta certidão está condicionada à verificação de sua autenticidade na Internet.');
  doc.line(`Emitida às ${rng.int(8, 20)}:${rng.int(10, 59)}:${rng.int(10, 59)} do dia ${br(issued)} <hora e data de Brasília>.`);
  doc.field('data_emissao', iso(issued));
  doc.line(`Válida até ${br(valid)}.`);
  doc.field('validade', iso(valid));
  const hex = () => rng.int(0x1000, 0xffff).toString(16).toUpperCase();
  doc.line(`Código de controle da certidão: ${hex()}.${hex()}.${hex()}.${hex()}`);
  doc.line('Qualquer rasura ou emenda invalidará este documento.', { size: 8 });
  return { id: variant.id ?? `cnd-federal-${sale.index}`, file: variant.file, type: 'cnd_federal', medium: variant.medium, doc, liens: [], traps: [], about: who.name };
}

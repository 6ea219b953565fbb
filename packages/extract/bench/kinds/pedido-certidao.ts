/**
 * A registry portal's order page printed to PDF by the browser: menus ('Penhora Online',
 * 'Indisponibilidade de Bens', 'Visualizar Matrícula'), the order's number and status, the
 * browser's header and footer lines. It records no lien and is not a certificate.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, money, thousands } from '../people.ts';
import type { Sale } from '../sale.ts';

export function pedidoCertidao(sale: Sale, rng: Rng, file: string): DocSpec {
  const doc = new DocBuilder({ size: 9, leading: 13 });
  const order = rng.int(10000000, 99999999);
  doc.at(30, 20, `${br(sale.dates.today)} ${rng.int(8, 18)}:${rng.int(10, 59)}`, { size: 7 });
  doc.at(250, 20, 'Registradores - Pedido de Certidão', { size: 7 });
  doc.line('REGISTRADORES - SERVIÇO DE ATENDIMENTO ELETRÔNICO COMPARTILHADO', { font: 'bold', size: 11 });
  doc.line('Início   |   Certidão Digital   |   Matrícula Online   |   Visualizar Matrícula   |   Penhora Online   |   Indisponibilidade de Bens   |   Ofício Eletrônico   |   Sair', { size: 7.5 });
  doc.space(6);
  doc.line('Meus Pedidos > Detalhes do Pedido', { size: 8 });
  doc.line(`Pedido nº ${order}`, { font: 'bold', size: 12 });
  doc.line(`Data do pedido: ${br(sale.dates.matriculaIssue)}`);
  doc.line('Tipo de serviço: Certidão Digital de Matrícula (inteiro teor com ônus e alienações)');
  doc.line(`Cartório: ${sale.registry.name}`);
  doc.line(`Número da matrícula: ${thousands(sale.property.matricula)}`);
  doc.line('Situação: Em processamento - aguardando emissão pelo cartório');
  doc.line(`Valor: R$ ${money(rng.int(5500, 9900) / 100)}   Forma de pagamento: boleto bancário (compensado)`);
  doc.space(8);
  doc.line('Atenção', { font: 'bold' });
  doc.para('O prazo de emissão pode ser estendido em caso de indisponibilidade de sistemas. Para pesquisar ordens de indisponibilidade utilize o menu Indisponibilidade de Bens; para comunicar penhoras utilize Penhora Online.');
  doc.para('A certidão digital terá validade jurídica quando visualizada no site e será disponibilizada para download por 30 dias.');
  doc.space(10);
  doc.line('Serviços relacionados', { font: 'bold' });
  for (const s of ['Pesquisa de Bens', 'Penhora Online - Consulta de protocolos', 'CNIB - Central Nacional de Indisponibilidade de Bens', 'e-Protocolo', 'Acompanhamento de pedidos']) doc.line(`•  ${s}`);
  doc.footers(() => `https://registradores.exemplo.org.br/pedidos/detalhe?id=${order}`, { size: 7 });
  return { id: `pedido-${sale.index}`, file, type: 'pedido_certidao', medium: { kind: 'text-pdf', producer: 'Skia/PDF m120' }, doc, liens: [], traps: [TRAPS.webMenus, TRAPS.lienNegation] };
}

/**
 * Pieces many documents share: headers of public offices, the certificate's validation line,
 * the sentences that mention liens without recording one, and the city portal's HTML page that
 * downloads carry after %%EOF.
 */
import type { Rng } from '../prng.ts';
import { br, longDate, type Address, type Day, type Person } from '../people.ts';

/** A certificate's validation line: longer than 40 letters, the same on every page. */
export function seloLine(rng: Rng, office: string): string {
  const code = `${rng.int(100000, 999999)}${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(1000000, 9999999)}`;
  return `Selo digital ${code} - ${office} - Consulte a autenticidade em selodigital.exemplo.jus.br informando o código do selo`;
}

export const NEGATIONS = {
  cnibNegative: 'Certifico ainda que, realizada consulta à Central Nacional de Indisponibilidade de Bens - CNIB, o resultado foi negativo para os titulares de direitos sobre o imóvel.',
  free: 'O imóvel encontra-se livre e desembaraçado de quaisquer ônus reais, judiciais ou extrajudiciais, hipotecas, penhoras, arrestos ou sequestros.',
  conditional: 'Caso exista penhora, arresto ou qualquer constrição judicial não informada, o VENDEDOR responderá pela sua baixa às suas expensas.',
  outage: 'A eventual indisponibilidade de sistemas eletrônicos dos órgãos públicos não constituirá inadimplemento das partes, prorrogando-se os prazos pelo tempo da interrupção.',
  guarantees: 'O VENDEDOR declara e garante que sobre o imóvel não pesam hipoteca, penhora, arresto, sequestro, alienação fiduciária, usufruto, indisponibilidade ou cláusulas restritivas de qualquer natureza.',
  nadaConsta: 'NADA CONSTA quanto a ônus reais, penhoras, arrestos, sequestros ou indisponibilidades em nome dos proprietários.',
  noEncumbrance: 'Não há registro de hipoteca, penhora ou alienação fiduciária sobre o imóvel na presente data.',
} as const;

export function qualify(p: Person): string {
  const born = p.sex === 'F' ? 'brasileira' : 'brasileiro';
  const resident = p.sex === 'F' ? 'residente e domiciliada' : 'residente e domiciliado';
  return `${p.name.toUpperCase()}, ${born}, ${p.civil}, ${p.profession}, portador${p.sex === 'F' ? 'a' : ''} do RG nº ${p.rg} e inscrit${p.sex === 'F' ? 'a' : 'o'} no CPF sob nº ${p.cpf}, ${resident} na ${p.address.street}, nº ${p.address.number}, ${p.address.district}, ${p.address.city.name}/${p.address.city.uf}, CEP ${p.address.cep}`;
}

export const names = (people: Person[]) => people.map((p) => p.name.toUpperCase()).join(' e ');

export function officeLine(a: Address): string {
  return `${a.street}, ${a.number} - ${a.district} - ${a.city.name}/${a.city.uf} - CEP ${a.cep}`;
}

/** Date as certificates print it: 'São Paulo, 12 de março de 2025'. */
export const placeDate = (city: string, day: Day) => `${city}, ${longDate(day)}.`;

export { br };

/**
 * The page a city portal serves around the download; glued after %%EOF it carries scripts and
 * 'javascript:' links that are the portal's, not the PDF's.
 */
export function portalHtml(title: string): string {
  return `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${title} - Portal de Serviços da Prefeitura</title>
<link rel="stylesheet" href="/static/css/portal.css">
<script src="/static/js/jquery.min.js"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());</script>
</head><body>
<nav class="menu"><a href="javascript:void(0)" onclick="abrirMenu()">Menu</a> | <a href="/iptu">IPTU</a> | <a href="/itbi">ITBI</a> | <a href="/certidoes">Certidões</a></nav>
<div id="conteudo"><h1>${title}</h1><p>Seu documento foi gerado com sucesso.</p>
<a href="javascript:window.print()">Imprimir</a> <a href="javascript:history.back()">Voltar</a></div>
<script>function abrirMenu(){document.querySelector('.menu').classList.toggle('aberto');}</script>
<footer>Prefeitura - Secretaria da Fazenda - Atendimento 156</footer>
</body></html>
`;
}

/** Old typewriters had no '1' or '0' keys: typists used 'l' and 'O'. */
export const typewritten = (text: string) => text.replace(/1/g, 'l').replace(/0/g, 'O');

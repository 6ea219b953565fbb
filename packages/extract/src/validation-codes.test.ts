import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract.ts';
import type { OcrLike } from './ocr.ts';
import { readValidationCodes } from './validation-codes.ts';

const page = (text: string, number = 1) => ({ number, text });

describe('readValidationCodes', () => {
  it('reads the code inside an Assinador Registro de Imóveis link once, with its manifest label', () => {
    const codes = readValidationCodes([
      page('Documento assinado no Assinador Registro de Imóveis. Para validar o documento e suas assinaturas acesse https://assinador.registrodeimoveis.org.br/validate/GQY4Z-S5FHJ-TAQSQ-8SPW6.'),
      page('MANIFESTO DE\nASSINATURAS\n\nCódigo de validação: GQY4Z-S5FHJ-TAQSQ-8SPW6\n\nPara verificar as assinaturas, acesse o link direto de validação deste documento:\n\nhttps://assinador.registrodeimoveis.org.br/validate/GQY4Z-S5FHJ-TAQSQ-8SPW6\n.', 6),
    ]);
    expect(codes).toEqual([
      {
        issuer: 'Assinador Registro de Imóveis',
        code: 'GQY4Z-S5FHJ-TAQSQ-8SPW6',
        url: 'https://assinador.registrodeimoveis.org.br/validate/GQY4Z-S5FHJ-TAQSQ-8SPW6',
        page: 1,
      },
    ]);
  });

  it('reads ONR links (the signer and the QR viewer) and ARIPAR codes with their CNS', () => {
    const codes = readValidationCodes([
      page(
        'Valide este documento clicando no link a seguir: https://assinador-web.onr.org.br/docs/MPPDQ-ACRZL-5AD3C-QRQRH\nPara consultar a autenticidade, informe na ferramenta\nhttps://www.aripar.org/e-validador o CNS: 08.008-5\ne o código de verificação do documento: 3FTZIXM2\nhttps://registradores.onr.org.br/visualizar.aspx?QRHash=AbC123%2B9',
      ),
    ]);
    expect(codes).toEqual([
      { issuer: 'ONR — Assinador', code: 'MPPDQ-ACRZL-5AD3C-QRQRH', url: 'https://assinador-web.onr.org.br/docs/MPPDQ-ACRZL-5AD3C-QRQRH', page: 1 },
      { issuer: 'ONR — Registro de Imóveis', code: 'AbC123+9', url: 'https://registradores.onr.org.br/visualizar.aspx?QRHash=AbC123%2B9', page: 1 },
      { issuer: 'ARIPAR — e-Validador', code: '3FTZIXM2 (CNS 08.008-5)', url: 'https://www.aripar.org/e-validador', page: 1 },
    ]);
  });

  it("reads a notary's access key and validator", () => {
    const codes = readValidationCodes([
      page('* Consulte a autenticidade deste ato acessando Site\nhttps://www.nonotabelionato.com.br/ informando a chave de acesso 06EYCA4F6 e o\nvalidador 0B3.'),
    ]);
    expect(codes).toEqual([
      { issuer: 'Tabelionato (nonotabelionato.com.br)', code: 'chave de acesso 06EYCA4F6, validador 0B3', url: 'https://www.nonotabelionato.com.br/', page: 1 },
    ]);
  });

  it("reads courts' seals with the address printed beside them", () => {
    expect(readValidationCodes([page('Poder Judiciário – TJMA. Selo:\nCERINT162743VB0OL8VK45ZN3G91, 07/07/2025\nConsulte em https://selo.tjma.jus.br')])).toEqual([
      { issuer: 'TJMA — selo', code: 'CERINT162743VB0OL8VK45ZN3G91', url: 'https://selo.tjma.jus.br', page: 1 },
    ]);
    expect(readValidationCodes([page('Poder Judiciário do Estado de Goiás\nSelo Eletrônico de Fiscalização\n\n04572203215060226800070\n\nConsulte esse selo em\nhttp://extrajudicial.tjgo.jus.br/selo')])).toEqual([
      { issuer: 'TJGO — selo', code: '04572203215060226800070', url: 'http://extrajudicial.tjgo.jus.br/selo', page: 1 },
    ]);
    expect(readValidationCodes([page('Selo digital nº 1234561TIAA000012345AB24A. Consulte em https://selodigital.tjsp.jus.br')])).toEqual([
      { issuer: 'TJSP — selo', code: '1234561TIAA000012345AB24A', url: 'https://selodigital.tjsp.jus.br', page: 1 },
    ]);
  });

  it('reads the CNDT number and the Receita Federal control code with the addresses the paper prints', () => {
    expect(
      readValidationCodes([
        page('CERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS\nCertidão nº: 42039839/2022\nautenticidade no portal do Tribunal Superior do Trabalho na\nInternet (http://www.tst.jus.br).'),
      ]),
    ).toEqual([{ issuer: 'TST — CNDT', code: '42039839/2022', url: 'http://www.tst.jus.br', page: 1 }]);
    expect(
      readValidationCodes([
        page('A aceitação desta certidão está condicionada à verificação de sua autenticidade na Internet, nos\nendereços <http://rfb.gov.br> ou <http://www.pgfn.gov.br>.\nCódigo de controle da certidão: A5CB.DD9A.78C9.B6C1'),
      ]),
    ).toEqual([{ issuer: 'Receita Federal / PGFN', code: 'A5CB.DD9A.78C9.B6C1', url: 'http://rfb.gov.br', page: 1 }]);
  });

  it('reads a certidão number when the paper says where its authenticity is checked, and nothing from plain text', () => {
    expect(
      readValidationCodes([
        page('CERTIDÃO DE REGULARIDADE FISCAL N° 2022.1.2740165-4\n2. A aceitação desta certidão está condicionada a verificação de sua autenticidade na internet, no endereço: www.fazenda.rj.gov.br.'),
      ]),
    ).toEqual([{ issuer: 'fazenda.rj.gov.br', code: '2022.1.2740165-4', url: 'https://www.fazenda.rj.gov.br', page: 1 }]);
    // A deed citing other certidões, an amount next to 'selo', a URL with no code: none is a code.
    expect(
      readValidationCodes([
        page('c) Certidão Negativa de Débitos trabalhistas (CNDT), nos termos do artigo 642-A; as certidões emitidas de forma eletrônica tiveram a autenticidade conferida. Selo: R$ 2,61. Site www.exemplo.com.br'),
      ]),
    ).toEqual([]);
  });
});

describe('readValidationCodes on hostile text', () => {
  it('stays linear on long runs of the shapes its expressions wait for', () => {
    const shapes = ['selo ', 'Selo: ', '1', 'A', ' ', '\n', 'código de validação: ', 'certidão nº ', 'CNS: 1', 'https://a', 'www.', 'código de controle da certidão: ', '.', 'chave de acesso '];
    const started = Date.now();
    for (const unit of shapes) expect(readValidationCodes([page(unit.repeat(Math.ceil(200_000 / unit.length)) + '!')])).toBeInstanceOf(Array);
    // Generous: a quadratic expression takes minutes at this size.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

const here = dirname(fileURLToPath(import.meta.url));
const realdocs = resolve(here, '../../../../shared/realdocs-dev');
const noOcr: OcrLike = { recognize: () => Promise.reject(new Error('no OCR in this test')) } as unknown as OcrLike;

describe.skipIf(!existsSync(realdocs))('readValidationCodes on real certidões, through the extraction', () => {
  it('a registry certificate: the Assinador code on page 1 and the TJGO seal on page 5', async () => {
    const { pages } = await extractDocument(
      { path: resolve(realdocs, 'fabriciorodias__analisador-de-matriculas/certidoes__certidao_mat_26.396 - texto.pdf'), kind: 'pdf', fileName: 'matricula.pdf' },
      { ocr: noOcr },
    );
    expect(readValidationCodes(pages).map(({ issuer, code, page: at }) => ({ issuer, code, page: at }))).toEqual([
      { issuer: 'Assinador Registro de Imóveis', code: 'GQY4Z-S5FHJ-TAQSQ-8SPW6', page: 1 },
      { issuer: 'TJGO — selo', code: '04572203215060226800070', page: 5 },
    ]);
  });

  it('federal and labour CNDs', async () => {
    const read = async (file: string) =>
      readValidationCodes((await extractDocument({ path: resolve(realdocs, 'anibalsolon__unifavela', file), kind: 'pdf', fileName: file }, { ocr: noOcr })).pages);
    expect(await read('static__pdfs__UniFavela_CND_Uniao.pdf')).toEqual([{ issuer: 'Receita Federal / PGFN', code: 'A5CB.DD9A.78C9.B6C1', url: 'http://rfb.gov.br', page: 1 }]);
    expect(await read('static__pdfs__UniFavela_CNDT.pdf')).toEqual([{ issuer: 'TST — CNDT', code: '42039839/2022', url: 'http://www.tst.jus.br', page: 1 }]);
  });
});

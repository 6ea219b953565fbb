import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findEmbeddedArchive, suspiciousContentPatterns, suspiciousNameReasons } from './suspicious-patterns.ts';
import { buildZip } from './test-fixtures.ts';

describe('suspiciousNameReasons', () => {
  it('finds each rule of the spec', () => {
    expect(suspiciousNameReasons('fatura.pdf.exe')).toEqual(['extensão executável (.exe)']);
    expect(suspiciousNameReasons('setup.application')).toEqual(['extensão executável (.application)']);
    expect(suspiciousNameReasons('a|b.pdf')).toEqual(['caracteres especiais']);
    expect(suspiciousNameReasons('C:\\temp\\a.pdf')).toEqual(['caracteres especiais', 'caminho de diretório']);
    expect(suspiciousNameReasons('a\tb.pdf')).toEqual(['caracteres de controle']);
    expect(suspiciousNameReasons('.bashrc')).toEqual(['começa com ponto']);
    expect(suspiciousNameReasons('a.pdf ')).toEqual(['termina com espaço']);
    expect(suspiciousNameReasons('zzzzzzzzzz.pdf')).toEqual(['caracteres repetidos']);
    expect(suspiciousNameReasons('EVAL(1).pdf')).toEqual(['palavra suspeita (eval)']);
    expect(suspiciousNameReasons('relatorio_exec.pdf')).toEqual(['palavra suspeita (exec)']);
    expect(suspiciousNameReasons('Malware-sample.pdf')).toEqual(['nome indica ameaça (malware)']);
  });

  it('does not flag words that merely contain the suspicious ones', () => {
    expect(suspiciousNameReasons('execução-do-contrato.pdf')).toEqual([]);
    expect(suspiciousNameReasons('systematic.pdf')).toEqual([]);
    expect(suspiciousNameReasons('transcript.pdf')).toEqual([]);
    expect(suspiciousNameReasons('Matrícula 12.345 (cópia).pdf')).toEqual([]);
    expect(suspiciousNameReasons('Planta_baixa_2024-01-15.pdf')).toEqual([]);
  });
});

describe('suspiciousContentPatterns', () => {
  it('finds script patterns in any text', () => {
    expect(suspiciousContentPatterns('<SCRIPT src=x>')).toEqual(['<script']);
    expect(suspiciousContentPatterns('url: JavaScript:void(0)')).toEqual(['javascript:']);
    expect(suspiciousContentPatterns('vbscript:msgbox')).toEqual(['vbscript:']);
    expect(suspiciousContentPatterns('<a href="data:text/html;base64,PHNjcmlwdD4=">')).toEqual(['data:text/html']);
    expect(suspiciousContentPatterns('&#x3C;script&#x3E;')).toEqual(['script codificado']);
    expect(suspiciousContentPatterns('&lt;script&gt;')).toEqual(['script codificado']);
    expect(suspiciousContentPatterns('\\u003cscript')).toEqual(['script codificado']);
  });

  it('looks for markup and base64 only when asked (text files)', () => {
    const text = `<img src=x onerror=alert(1)>\n${'QUJD'.repeat(30)}Zm9v${'YWJj'.repeat(30)}1234`;
    expect(suspiciousContentPatterns(text)).toEqual([]);
    expect(suspiciousContentPatterns(text, { markup: true, base64: true })).toEqual(['atributo de evento HTML', 'base64']);
  });

  it('sees base64 wrapped at 76 columns, not long numbers or ordinary prose', () => {
    const wrapped = Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 91) % 256)).toString('base64').replace(/(.{76})/g, '$1\n');
    expect(suspiciousContentPatterns(wrapped, { base64: true })).toEqual(['base64']);
    expect(suspiciousContentPatterns('1'.repeat(300), { base64: true })).toEqual([]);
    expect(suspiciousContentPatterns('Lorem ipsum dolor sit amet. '.repeat(50), { base64: true })).toEqual([]);
  });
});

describe('findEmbeddedArchive', () => {
  const prefix = Buffer.from('texto comum '.repeat(10));
  it('finds zip, rar, 7z and gzip after offset 0', () => {
    expect(findEmbeddedArchive(Buffer.concat([prefix, buildZip([{ name: 'a', data: 'b' }])]))).toBe('zip');
    expect(findEmbeddedArchive(Buffer.concat([prefix, Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1')]))).toBe('rar');
    expect(findEmbeddedArchive(Buffer.concat([prefix, Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4])]))).toBe('7z');
    expect(findEmbeddedArchive(Buffer.concat([prefix, gzipSync('conteúdo')]))).toBe('gzip');
  });

  it('ignores signatures at offset 0 and bare "PK\\3\\4" bytes without a plausible header', () => {
    expect(findEmbeddedArchive(buildZip([{ name: 'a', data: 'b' }]).subarray(0, 40))).toBeNull();
    expect(findEmbeddedArchive(Buffer.concat([prefix, Buffer.from('PK\x03\x04\xff\xff\xff\xff\xff\xff', 'latin1'), Buffer.alloc(30)]))).toBeNull();
  });

  it('looks for gzip only within the given prefix of binary files', () => {
    const data = Buffer.concat([Buffer.alloc(9000, 0x41), gzipSync('x')]);
    expect(findEmbeddedArchive(data, { gzipWithin: 8192 })).toBeNull();
    expect(findEmbeddedArchive(data)).toBe('gzip');
  });
});

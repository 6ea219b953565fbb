import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_OPTIONS,
  REPORT_TEMPLATES,
  fileDate,
  fileNameFromContentDisposition,
  reportConfidenceBand,
  reportFileName,
  reportOptionsFromQuery,
  reportOptionsSchema,
  reportQuery,
  reportQueryString,
  sanitizeFileTitle,
  textExportFileName,
} from './reports.ts';

describe('report options', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_REPORT_OPTIONS).toEqual({
      template: 'complete',
      includeMetadata: true,
      includeBranding: true,
      companyName: 'Viabiliza',
      customColors: { primary: '#2563eb', secondary: '#64748b', accent: '#059669' },
    });
    expect(REPORT_TEMPLATES).toEqual({ executive: 'Executivo', technical: 'Técnico', complete: 'Completo' });
  });

  it('reads booleans, colours and the company from a query string', () => {
    const q = reportQuery.parse(
      Object.fromEntries(new URLSearchParams('template=executive&includeMetadata=false&includeBranding=true&companyName=%20Minha%20Incorporadora%20&primaryColor=%23AA0011')),
    );
    expect(reportOptionsFromQuery(q)).toEqual({
      template: 'executive',
      includeMetadata: false,
      includeBranding: true,
      companyName: 'Minha Incorporadora',
      customColors: { primary: '#AA0011', secondary: '#64748b', accent: '#059669' },
    });
    expect(q.disposition).toBe('attachment');
    expect(reportQuery.parse({ companyName: '' }).companyName).toBe('Viabiliza');
  });

  it('refuses what is not in the contract', () => {
    expect(reportQuery.safeParse({ includeMetadata: '1' }).success).toBe(false);
    expect(reportQuery.safeParse({ template: 'resumo' }).success).toBe(false);
    expect(reportQuery.safeParse({ primaryColor: 'red' }).success).toBe(false);
    expect(reportQuery.safeParse({ primaryColor: '#12345' }).success).toBe(false);
    expect(reportQuery.safeParse({ primaryColor: '#123456;}' }).success).toBe(false);
    const long = reportOptionsSchema.safeParse({ companyName: 'x'.repeat(101) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('Nome da empresa muito longo');
    expect(reportOptionsSchema.safeParse({ companyName: 'x'.repeat(100) }).success).toBe(true);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(reportQueryString(DEFAULT_REPORT_OPTIONS)).toBe('');
    const options = { ...DEFAULT_REPORT_OPTIONS, template: 'technical' as const, includeBranding: false, companyName: 'Ação & Cia', customColors: { ...DEFAULT_REPORT_OPTIONS.customColors, accent: '#000000' } };
    const qs = reportQueryString(options, 'inline');
    expect(qs).toBe('template=technical&includeBranding=false&companyName=A%C3%A7%C3%A3o+%26+Cia&accentColor=%23000000&disposition=inline');
    const back = reportQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
    expect(reportOptionsFromQuery(back)).toEqual(options);
    expect(back.disposition).toBe('inline');
  });
});

describe('reportConfidenceBand', () => {
  it('uses the spec bands', () => {
    expect(reportConfidenceBand(100)).toMatchObject({ band: 'alta', label: 'Alta Confiança' });
    expect(reportConfidenceBand(80)).toMatchObject({ band: 'alta', label: 'Alta Confiança' });
    expect(reportConfidenceBand(79.9)).toMatchObject({ band: 'moderada', label: 'Confiança Moderada' });
    expect(reportConfidenceBand(60)).toMatchObject({ band: 'moderada', label: 'Confiança Moderada' });
    expect(reportConfidenceBand(59)).toMatchObject({ band: 'baixa', label: 'Baixa Confiança' });
    expect(reportConfidenceBand(0).color).toBe('#dc2626');
  });
});

describe('file names', () => {
  const day = new Date('2026-01-10T15:00:00Z');

  it('sanitizes titles', () => {
    expect(sanitizeFileTitle('Apartamento em Pinheiros')).toBe('apartamento-em-pinheiros');
    expect(sanitizeFileTitle('  Ação São João / Lote 7!! ')).toBe('acao-sao-joao-lote-7');
    expect(sanitizeFileTitle('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(sanitizeFileTitle('???')).toBe('analise');
    const long = sanitizeFileTitle(`${'a'.repeat(79)} bbbb`);
    expect(long).toBe('a'.repeat(79));
    expect(sanitizeFileTitle('x'.repeat(200))).toHaveLength(80);
    expect(sanitizeFileTitle(`--${'x'.repeat(79)}-y`)).toBe('x'.repeat(79));
  });

  it('sanitizes a 200 000-character title in linear time', () => {
    expect(sanitizeFileTitle('a-'.repeat(100_000))).toBe(`${'a-'.repeat(39)}a`);
    expect(sanitizeFileTitle(`a${'!-'.repeat(100_000)}`)).toBe('a');
  });

  it('dates the file by the day in Brasília', () => {
    expect(fileDate(day)).toBe('2026-01-10');
    // 01:30 UTC is still the previous evening in São Paulo.
    expect(fileDate('2026-01-11T01:30:00Z')).toBe('2026-01-10');
    expect(fileDate('não é data')).toBe('sem-data');
  });

  it("follows 'relatorio-{template}-{title}-{date}.html' and 'analise-{title}-{date}.txt'", () => {
    expect(reportFileName('executive', 'Apartamento em Pinheiros', day)).toBe('relatorio-executive-apartamento-em-pinheiros-2026-01-10.html');
    expect(reportFileName('complete', 'Terreno – Florianópolis', day, 'pdf')).toBe('relatorio-complete-terreno-florianopolis-2026-01-10.pdf');
    expect(textExportFileName('Análise de Viabilidade 10/01/2026', day)).toBe('analise-analise-de-viabilidade-10-01-2026-2026-01-10.txt');
  });

  it('reads the name back from Content-Disposition', () => {
    expect(fileNameFromContentDisposition('attachment; filename="relatorio-x.html"')).toBe('relatorio-x.html');
    expect(fileNameFromContentDisposition("inline; filename*=UTF-8''a%C3%A7%C3%A3o.pdf")).toBe('ação.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
  });
});

import { REPORT_MESSAGES, reportFileName, textExportFileName, type ReportOptions } from '@viabiliza/contracts/reports';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAnalysis } from '../analyses/analyses.service.ts';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';
import { renderReportPdf } from './render-pdf.ts';

/**
 * Reports of one saved analysis of the signed-in user. Reading goes through the analyses service
 * (scoped to the user: another user's analysis is 'Análise não encontrada', never its data); an
 * analysis without its structured result or property cannot make a report (spec 01 §5).
 */
export async function loadReportSource(ctx: AppContext, userId: string, analysisId: string): Promise<ReportSource> {
  const analysis = await getAnalysis(ctx, userId, analysisId);
  const result = asAnalysisResult(analysis.result);
  if (!result || !analysis.property?.title) throw new AppError('VALIDATION', REPORT_MESSAGES.insufficientData);
  return {
    id: analysis.id,
    analysisType: analysis.analysisType,
    property: analysis.property,
    resultContent: analysis.resultContent,
    result,
    providerUsed: analysis.providerUsed,
    model: analysis.model,
    tokensUsed: analysis.tokensUsed,
    confidenceScore: analysis.confidenceScore,
    completeness: analysis.completeness,
    createdAt: analysis.createdAt,
  };
}

export async function htmlReport(ctx: AppContext, userId: string, analysisId: string, options: ReportOptions, now = new Date()) {
  const source = await loadReportSource(ctx, userId, analysisId);
  return {
    html: renderReportHtml(buildReportModel(source, options, now)),
    fileName: reportFileName(options.template, source.property.title, now, 'html'),
  };
}

export async function pdfReport(ctx: AppContext, userId: string, analysisId: string, options: ReportOptions, now = new Date()) {
  const source = await loadReportSource(ctx, userId, analysisId);
  return {
    pdf: await renderReportPdf(buildReportModel(source, options, now)),
    fileName: reportFileName(options.template, source.property.title, now, 'pdf'),
  };
}

/** The Markdown report as written when the analysis ran, named after the property and the analysis date. */
export async function textExport(ctx: AppContext, userId: string, analysisId: string) {
  const analysis = await getAnalysis(ctx, userId, analysisId);
  if (!analysis.resultContent.trim() || !analysis.property?.title) throw new AppError('VALIDATION', REPORT_MESSAGES.insufficientData);
  return { text: analysis.resultContent, fileName: textExportFileName(analysis.property.title, analysis.createdAt) };
}

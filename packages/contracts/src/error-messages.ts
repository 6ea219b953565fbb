/**
 * The messages the web app's API client needs on every page. Kept apart from errors.ts (which
 * re-exports them) so importing them does not pull zod into the browser's first chunk.
 */

/** Friendly messages by HTTP status (spec 02 §8 'Friendly error mapping'). */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Dados inválidos fornecidos. Verifique as informações e tente novamente.',
  401: 'Você não está autenticado. Faça login novamente.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Recurso não encontrado.',
  429: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  500: 'Erro interno do servidor. Nossa equipe foi notificada.',
  502: 'Erro interno do servidor. Nossa equipe foi notificada.',
  503: 'Erro interno do servidor. Nossa equipe foi notificada.',
  504: 'Erro interno do servidor. Nossa equipe foi notificada.',
};
export const DEFAULT_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente.';
export const NETWORK_ERROR_MESSAGE = 'Erro de conexão. Verifique sua internet e tente novamente.';
export const TIMEOUT_ERROR_MESSAGE = 'A operação demorou muito para responder. Tente novamente.';

export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? `Erro ${status}. Tente novamente em alguns instantes.`;
}

import { describe, expect, it } from 'vitest';
import { messageForStatus, validationMessage } from './errors.ts';

describe('friendly error mapping (spec 02 §8)', () => {
  it.each([
    [400, 'Dados inválidos fornecidos. Verifique as informações e tente novamente.'],
    [401, 'Você não está autenticado. Faça login novamente.'],
    [403, 'Você não tem permissão para realizar esta ação.'],
    [404, 'Recurso não encontrado.'],
    [429, 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'],
    [503, 'Erro interno do servidor. Nossa equipe foi notificada.'],
    [418, 'Erro 418. Tente novamente em alguns instantes.'],
  ])('%i', (status, message) => expect(messageForStatus(status)).toBe(message));

  it('joins validation messages after "Dados inválidos: "', () => {
    expect(validationMessage(['a', 'b'])).toBe('Dados inválidos: a; b');
    expect(validationMessage([])).toBe('Erro de validação');
  });
});

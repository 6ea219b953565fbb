import { describe, expect, it } from 'vitest';
import { developmentDetailSchema } from './result/development.ts';
import { filledFieldCount, questionnaireContent, questionnaireSchema } from './questionnaire.ts';

describe("questionnaire 'Premissas do empreendimento'", () => {
  it('parses the block, rejects a non-number and an unknown land deal', () => {
    const ok = questionnaireSchema.safeParse({ city: 'São Paulo', development: { units: '40', privateAreaPerUnit: '70', landDeal: 'permuta-fisica', landDealShare: '20', mix: [{ count: '10', privateArea: '45' }] } });
    expect(ok.success).toBe(true);
    expect(questionnaireSchema.safeParse({ development: { units: 'quarenta' } }).success).toBe(false);
    expect(questionnaireSchema.safeParse({ development: { landDeal: 'doacao' } }).success).toBe(false);
  });

  it('is a block of its own: not counted among the questionnaire fields nor printed in the content text', () => {
    const q = { city: 'São Paulo', development: { units: '40' } };
    expect(filledFieldCount(q)).toBe(1);
    expect(questionnaireContent(q)).toBe('Cidade: São Paulo');
  });

  it('the result detail schema refuses a detail without its figures', () => {
    expect(developmentDetailSchema.safeParse({ landDeal: 'cash' }).success).toBe(false);
  });
});

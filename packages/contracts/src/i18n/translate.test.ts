import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { messageKey } from './message-key';
import { createTranslate } from './translate';

const PLURAL_RU =
  '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}}';

describe('createTranslate renders compiled messages as @lingui/core does (decision 0311)', () => {
  it('shows a Russian id without placeholders as written, and one with them filled in', () => {
    const t = createTranslate('ru', {}, compileMessage);
    expect(t('Готово')).toBe('Готово');
    expect(t('Письмо отправлено на {email}', { email: 'a@b.ru' })).toBe('Письмо отправлено на a@b.ru');
    expect(t('Без значения: {missing}.')).toBe('Без значения: .');
  });

  it('chooses Russian plural forms by Intl.PluralRules, with # as the number', () => {
    const t = createTranslate('ru', {}, compileMessage);
    expect([1, 3, 5, 21, 1000].map((count) => t(PLURAL_RU, { count }))).toEqual([
      '1 участник',
      '3 участника',
      '5 участников',
      '21 участник',
      '1\u00a0000 участников',
    ]);
  });

  it('reads an English catalogue: exact matches, offsets, select, numbers in the English way', () => {
    const english = {
      [PLURAL_RU]: '{count, plural, =0 {no members} one {# member} other {# members}}',
      'Роль: {role}': '{role, select, owner {Owner} other {Member}}',
      'Сумма {n, number}': 'Amount {n, number}',
    };
    const t = createTranslate('en', english, compileMessage);
    expect([0, 1, 2, 1500].map((count) => t(PLURAL_RU, { count }))).toEqual([
      'no members',
      '1 member',
      '2 members',
      '1,500 members',
    ]);
    expect(t('Роль: {role}', { role: 'owner' })).toBe('Owner');
    expect(t('Роль: {role}', { role: 'constructor' })).toBe('Member');
    expect(t('Сумма {n, number}', { n: 12345.5 })).toBe('Amount 12,345.5');
  });

  it('takes a catalogue the build keyed by messageKey, and shows a missing id as written', () => {
    const built = { [messageKey('Закрыть')]: compileMessage('Close') };
    const t = createTranslate('en', built);
    expect(t('Закрыть')).toBe('Close');
    expect(t('Нет в каталоге')).toBe('Нет в каталоге');
  });

  it('gives short keys that differ for similar texts', () => {
    const keys = ['Код', 'Кода', 'кода', 'Код ', 'Отмена', 'Отменить'].map(messageKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]{1,7}$/);
  });
});

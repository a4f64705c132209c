import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddMemberSchema,
  CreateOrganizationSchema,
  EmailConfirmRequestSchema,
  EmailSchema,
  IdParamsSchema,
  InviteEmailFormSchema,
  LoginRequestSchema,
  NAME_CHARACTERS,
  OrganizationFormSchema,
  OrganizationNameSchema,
  PaginationQuerySchema,
  PasskeyNameSchema,
  PlanCreateRequestSchema,
  PlanUpdateRequestSchema,
  ProfileFormSchema,
  ProfileUpdateRequestSchema,
  SubscribeInfoRequestSchema,
  UserNameSchema,
} from './index';

/** The messages a schema gives for a value, in order. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const first = (schema: z.ZodType, value: unknown) => messages(schema, value)[0];

describe("the spec's validation texts (section 5)", () => {
  it('organization name: required, 2 to 40 characters', () => {
    expect(first(OrganizationNameSchema, undefined)).toBe('Обязательное поле');
    expect(first(OrganizationNameSchema, '')).toBe('Обязательное поле');
    expect(first(OrganizationNameSchema, '   ')).toBe('Обязательное поле');
    expect(first(OrganizationNameSchema, 'А')).toBe('Название должно содержать минимум 2 символа');
    expect(first(OrganizationNameSchema, 'А'.repeat(41))).toBe('Название не должно превышать 40 символов');
    expect(OrganizationNameSchema.parse('  Команда  ')).toBe('Команда');
    expect(first(OrganizationNameSchema, 'Ко\u0000манда')).toBe(NAME_CHARACTERS);
  });

  // Issue 27 item 8 (decision 0193): names refuse every control character, line breaks included.
  it('names refuse line breaks, tabs and every other control character', () => {
    const bad = [
      'Ко\nманда',
      'Ко\rманда',
      'Ко\tманда',
      'Команда\n',
      '\nКоманда',
      'Ко\u0085манда',
      'Ко\u2028манда',
      'Ко\u001bманда',
      'Ко\u007fманда',
    ];
    const plan = {
      price_month: '990',
      price_year: '9900.5',
      max_members: 10,
      max_organizations: 5,
      description: 'Для команд',
    };
    const userMessage = 'Имя не должно содержать переносов строк и управляющих символов';
    for (const name of bad) {
      expect(first(OrganizationNameSchema, name), JSON.stringify(name)).toBe(NAME_CHARACTERS);
      expect(first(UserNameSchema, name), JSON.stringify(name)).toBe(userMessage);
      expect(first(PasskeyNameSchema, name), JSON.stringify(name)).toBe(NAME_CHARACTERS);
      expect(messages(PlanCreateRequestSchema, { ...plan, name }), JSON.stringify(name)).toContain(
        NAME_CHARACTERS,
      );
    }
    expect(UserNameSchema.parse('  Анна-Мария О’Нил  ')).toBe('Анна-Мария О’Нил');
    expect(PasskeyNameSchema.parse('YubiKey 5 NFC')).toBe('YubiKey 5 NFC');
  });

  it('organization form: the type is required', () => {
    expect(messages(OrganizationFormSchema, { name: 'Команда' })).toContain('Обязательное поле');
  });

  it('user name: required, 2 to 40 characters', () => {
    expect(first(UserNameSchema, 'Я')).toBe('Имя должно содержать минимум 2 символа');
    expect(first(UserNameSchema, 'Я'.repeat(41))).toBe('Имя не должно превышать 40 символов');
    expect(first(ProfileFormSchema, { name: 'Я', email: 'a@b.ru' })).toBe(
      'Имя должно содержать минимум 2 символа',
    );
  });

  it('e-mail: required and well formed, lower-cased', () => {
    expect(first(EmailSchema, undefined)).toBe('Обязательное поле');
    expect(first(EmailSchema, 'not-an-address')).toBe('Неверный формат email');
    expect(EmailSchema.parse('  Anna@Example.COM ')).toBe('anna@example.com');
  });

  it("invite field: an address without '@' is refused, empty is allowed", () => {
    expect(first(InviteEmailFormSchema, { email: 'anna' })).toBe('Введите корректный email адрес');
    expect(InviteEmailFormSchema.safeParse({ email: '' }).success).toBe(true);
  });

  it('plan: name, counts up to 99, description up to 512, prices with 2 decimals', () => {
    const plan = {
      name: 'Про',
      price_month: '990',
      price_year: '9900.5',
      max_members: 10,
      max_organizations: 5,
      description: 'Для команд',
    };
    expect(PlanCreateRequestSchema.parse(plan)).toMatchObject({
      price_month: '990.00',
      price_year: '9900.50',
    });
    expect(first(PlanCreateRequestSchema, { ...plan, name: 'П' })).toBe(
      'Название должно содержать минимум 2 символа',
    );
    expect(first(PlanCreateRequestSchema, { ...plan, max_organizations: 100 })).toBe(
      'Не более 99 организаций',
    );
    expect(first(PlanCreateRequestSchema, { ...plan, max_members: '100' })).toBe('Не более 99 пользователей');
    expect(first(PlanCreateRequestSchema, { ...plan, description: 'а'.repeat(513) })).toBe(
      'Не более 512 символов',
    );
    expect(first(PlanCreateRequestSchema, { ...plan, description: '' })).toBe('Обязательное поле');
    expect(PlanUpdateRequestSchema.safeParse({ ...plan, description: undefined }).success).toBe(true);
    expect(first(PlanCreateRequestSchema, { ...plan, price_month: '9.999' })).toBe(
      'Введите сумму не меньше 0 и не более чем с 2 знаками после запятой',
    );
  });

  it('sign-in code: six digits, a number is left-padded', () => {
    const base = { email: 'a@b.ru', loginKey: 'web' };
    expect(LoginRequestSchema.parse({ ...base, code: 12345 }).code).toBe('012345');
    expect(first(LoginRequestSchema, { ...base, code: '12a456' })).toBe('Код должен состоять из 6 цифр');
    expect(first(EmailConfirmRequestSchema, { code: 1_000_000 })).toBe('Код должен состоять из 6 цифр');
  });

  it('ids and pages: positive integers in range, named in the message', () => {
    expect(first(IdParamsSchema, { id: '0' })).toBe(
      'Идентификатор: ожидается целое число от 1 до 2147483647',
    );
    expect(first(IdParamsSchema, { id: 'abc' })).toMatch(/^Идентификатор/);
    expect(first(PaginationQuerySchema, { perPage: '101' })).toBe(
      'perPage: ожидается целое число от 1 до 100',
    );
    expect(PaginationQuerySchema.parse({})).toEqual({ page: 1, perPage: 20 });
  });

  it('only type 2 is assignable when adding a member', () => {
    expect(first(AddMemberSchema, { user_id: 5, type: 1 })).toMatch(/^Можно назначить только тип «Участник»/);
  });
});

/** Russian, and nothing of the library's own English ('expected', 'Invalid input', 'received'…). */
const RUSSIAN = /[А-Яа-яЁё]/;
const ENGLISH_LIBRARY_WORDS = /\b(expected|received|invalid|required|unrecognized|too (small|big))\b/i;

describe('every message is Russian', () => {
  const bad: [string, z.ZodType, unknown[]][] = [
    [
      'CreateOrganizationSchema',
      CreateOrganizationSchema,
      [{}, { name: 5, type: 'x' }, { name: 'ab', type: 1, extra: 1 }],
    ],
    [
      'ProfileUpdateRequestSchema',
      ProfileUpdateRequestSchema,
      [{ name: 1 }, { email: 'x' }, { image_id: -1 }],
    ],
    ['LoginRequestSchema', LoginRequestSchema, [{}, { email: [] }, { email: 'a@b.ru', code: true }]],
    ['SubscribeInfoRequestSchema', SubscribeInfoRequestSchema, [{}, { subscribe_id: 'x', type: 'week' }]],
    ['PlanCreateRequestSchema', PlanCreateRequestSchema, [{}, { price_month: -1, max_members: 1.5 }]],
    ['PaginationQuerySchema', PaginationQuerySchema, [{ page: '-1' }, { page: '1e3' }]],
  ];
  for (const [name, schema, values] of bad) {
    it(name, () => {
      for (const value of values) {
        const found = messages(schema, value);
        expect(found.length, JSON.stringify(value)).toBeGreaterThan(0);
        for (const message of found) {
          expect(message, `${JSON.stringify(value)} → ${message}`).toMatch(RUSSIAN);
          expect(message, `${JSON.stringify(value)} → ${message}`).not.toMatch(ENGLISH_LIBRARY_WORDS);
        }
      }
    });
  }
});

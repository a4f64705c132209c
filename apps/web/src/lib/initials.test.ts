import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Студия «Северный ветер»', 'СС'],
    ['«Студия «Северный ветер»»', 'СС'],
    ['Анна Смирнова', 'АС'],
    ['анна', 'А'],
    ['Анна Мария Смирнова', 'АМ'],
    ['  ООО "Ромашка"  ', 'ОР'],
    ['— Команда (разработки)', 'КР'],
    ['anna.petrova@example.com', 'A'],
    ['Команда 42', 'К'],
    ['42', '4'],
    ['«» — !!', ''],
    ['', ''],
  ])('%s → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});

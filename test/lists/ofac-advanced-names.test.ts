import { describe, expect, it } from 'vitest';
import { assembleOfacName, type OfacNamePart } from '../../src/lists/ofac-advanced-names.js';

const parts = (...pairs: [string, string][]): OfacNamePart[] =>
  pairs.map(([type, value]) => ({ type, value }));

// Cases from names.csv of 2025-11-19 (ent_num in the name), which reproduces the legacy SDN_Name.
describe('assembleOfacName', () => {
  it.each([
    [
      '22790 last + first',
      parts(['Last Name', 'MADURO MOROS'], ['First Name', 'Nicolas']),
      true,
      'MADURO MOROS, Nicolas',
    ],
    [
      'upper-cases a Latin surname',
      parts(['Last Name', 'Lukashenka'], ['First Name', 'Alyaksandr'], ['Middle Name', 'Ryhorovich']),
      true,
      'LUKASHENKA, Alyaksandr Ryhorovich',
    ],
    ['entity name', parts(['Entity Name', 'Aerocaribbean Airlines']), true, 'AEROCARIBBEAN AIRLINES'],
    ['vessel name', parts(['Vessel Name', 'MAR AZUL']), true, 'MAR AZUL'],
    [
      'patronymic + matronymic are the surnames without a last name',
      parts(['First Name', 'Ismael'], ['Patronymic', 'ZAMBADA'], ['Matronymic', 'GARCIA']),
      true,
      'ZAMBADA GARCIA, Ismael',
    ],
    [
      'with a last name the patronymic is a given name',
      parts(['Last Name', 'Gaziyev'], ['First Name', 'Tarkhan'], ['Patronymic', 'Ismailovich']),
      true,
      'GAZIYEV, Tarkhan Ismailovich',
    ],
    [
      'last + matronymic',
      parts(
        ['Last Name', 'Juarez'],
        ['First Name', 'Julio'],
        ['Middle Name', 'Antonio'],
        ['Matronymic', 'Ramirez'],
      ),
      true,
      'JUAREZ RAMIREZ, Julio Antonio',
    ],
    [
      'maiden name goes with the given names',
      parts(
        ['Last Name', 'FAWAZ'],
        ['First Name', 'Mustapha'],
        ['Middle Name', 'Reda'],
        ['Maiden Name', 'Darwish'],
      ),
      true,
      'FAWAZ, Mustapha Reda Darwish',
    ],
    ['nickname alone', parts(['Nickname', 'El Mayo']), true, 'El Mayo'],
    [
      'last + nickname: no comma',
      parts(['Last Name', 'Enayatullah'], ['Nickname', 'Maulawi']),
      true,
      'ENAYATULLAH Maulawi',
    ],
    [
      'nickname after the given names',
      parts(['Last Name', 'Shakuta'], ['First Name', 'Dmitry'], ['Nickname', 'Shok']),
      true,
      'SHAKUTA, Dmitry Shok',
    ],
    ['first name only is kept as written', parts(['First Name', 'PAEZ Nachillo']), true, 'PAEZ Nachillo'],
    [
      'Cyrillic is not upper-cased',
      parts(['Last Name', 'Лукашэнка'], ['First Name', 'Аляксандр']),
      false,
      'Лукашэнка, Аляксандр',
    ],
  ])('%s', (_case, nameParts, latin, name) => {
    expect(assembleOfacName(nameParts, latin)).toBe(name);
  });
});

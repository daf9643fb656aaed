import { describe, expect, it } from 'vitest';
import { StringMemo, StringTable } from '../../src/names/string-table.js';

describe('StringTable', () => {
  it('finds every key it was given, across growth, and nothing else', () => {
    const table = new StringTable(4);
    const words = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919).toString(36)}`);
    words.forEach((word, i) => table.add(word, i * 3));
    expect(table.size).toBe(words.length);
    words.forEach((word, i) => expect(table.get(word)).toBe(i * 3));
    // Fresh strings equal to a key (not the same object) are found; near misses are not.
    expect(table.get(['w', '0'].join(''))).toBe(0);
    for (const word of words.slice(0, 200)) {
      expect(table.get(`${word}x`)).toBe(-1);
      expect(table.get(word.slice(1))).toBe(-1);
    }
    expect(table.get('')).toBe(-1);
  });

  it('finds a key given as two halves, at every split, and no other', () => {
    const table = new StringTable();
    ['abdulrahman', 'abdul', 'rahman', 'alrahman'].forEach((word, i) => table.add(word, i));
    for (let cut = 0; cut <= 'abdulrahman'.length; cut++)
      expect(table.getPair('abdulrahman'.slice(0, cut), 'abdulrahman'.slice(cut))).toBe(0);
    expect(table.getPair('al', 'rahman')).toBe(3);
    expect(table.getPair('abdul', 'rahma')).toBe(-1);
    expect(table.getPair('abdu', 'lrahmann')).toBe(-1);
    expect(table.getPair('rahman', 'abdul')).toBe(-1);
  });

  it('gives every length a key could be completed by, for getPair to be asked, and none for a non-prefix', () => {
    const table = new StringTable();
    const words = ['abdulrahman', 'abdul', 'alrahman', 'al', 'x'.repeat(40)];
    words.forEach((word, i) => table.add(word, i));
    const has = (a: string, length: number) => ((table.restLengths(a) >>> Math.min(31, length)) & 1) === 1;
    // Every split of every key: the rest's length is among the prefix's (a long rest counts as 31).
    for (const word of words)
      for (let cut = 1; cut < word.length; cut++)
        expect(has(word.slice(0, cut), word.length - cut)).toBe(true);
    // "abdul" begins only "abdulrahman": a rest of 6 letters, no other length.
    expect(has('abdul', 6)).toBe(true);
    expect(has('abdul', 5)).toBe(false);
    expect(has('abdul', 7)).toBe(false);
    // A whole key, or a string no key begins with, is completed by nothing.
    expect(table.restLengths('abdulrahman')).toBe(0);
    expect(table.restLengths('rahman')).toBe(0);
    // A key added later is seen.
    table.add('rahmani', 9);
    expect(has('rahman', 1)).toBe(true);
  });

  it('forgets everything on clear and can be filled again', () => {
    const table = new StringTable();
    table.add('maria', 1);
    table.clear();
    expect(table.get('maria')).toBe(-1);
    table.add('maria', 2);
    expect(table.get('maria')).toBe(2);
  });
});

describe('StringMemo', () => {
  it('computes a value once per key, and again only after it forgot them all at its capacity', () => {
    const computed: string[] = [];
    const memo = new StringMemo(2, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    expect([memo.get('ali'), memo.get('ali'), memo.get('omar'), memo.get('ali')]).toEqual([
      'ALI',
      'ALI',
      'OMAR',
      'ALI',
    ]);
    expect(computed).toEqual(['ali', 'omar']);
    // A third key finds the memo full: it forgets both, so "ali" is computed again.
    expect(memo.get('hassan')).toBe('HASSAN');
    expect(memo.get('ali')).toBe('ALI');
    expect(computed).toEqual(['ali', 'omar', 'hassan', 'ali']);
  });
});

import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText } from './text.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('singleLineText', () => {
  const name = singleLineText('Name', { required: 'Name is required' }).max(5, 'Too long');

  it('takes one line, trimmed, any script and emoji', () => {
    expect(name.parse('  Zoë ')).toBe('Zoë');
    expect(name.parse('李😀')).toBe('李😀');
    expect(name.parse('Ann\n')).toBe('Ann');
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a forged header', 'a\r\nBcc: x@example.com'],
    ['a tab', 'a\tb'],
    ['an escape', 'a\u001bb'],
    ['a DEL', 'a\u007fb'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s, naming the field', (_label, value) => {
    expect(messageOf(name.safeParse(value))).toBe(
      'Name must not contain line breaks or control characters',
    );
  });

  it("keeps the field's own messages for everything else", () => {
    expect(messageOf(name.safeParse(''))).toBe('Name is required');
    expect(messageOf(name.safeParse(undefined))).toBe('Name is required');
    expect(messageOf(name.safeParse('abcdefg'))).toBe('Too long');
  });

  it('without a label, says it plainly; empty is fine unless required', () => {
    expect(singleLineText().parse('')).toBe('');
    expect(messageOf(singleLineText().safeParse('\u0000'))).toBe(
      'Must not contain line breaks or control characters',
    );
  });

  it('keeps the spaces of a secret when asked', () => {
    expect(singleLineText('Password', { keepSpaces: true }).parse(' pw ')).toBe(' pw ');
    expect(singleLineText('Password', { keepSpaces: true }).safeParse(' \u0000').success).toBe(
      false,
    );
  });
});

describe('multiLineText', () => {
  const review = multiLineText('Review');

  it('takes tabs and line breaks (LF and CRLF)', () => {
    expect(review.parse('Good.\n\tSolid.\r\nWould buy again.')).toBe(
      'Good.\n\tSolid.\r\nWould buy again.',
    );
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a vertical tab', 'a\u000bb'],
    ['a form feed', 'a\u000cb'],
    ['an escape', 'a\u001bb'],
    ['a DEL', 'a\u007fb'],
    ['a lone surrogate', 'a\udc00b'],
  ])('refuses %s, naming the field', (_label, value) => {
    expect(messageOf(review.safeParse(value))).toBe('Review must not contain control characters');
  });
});

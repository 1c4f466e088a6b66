import { describe, expect, it } from 'vitest';
import portfolioContent from '../../../../../content/portfolio.json';
import { parsePortfolio } from './portfolio.ts';

describe('parsePortfolio', () => {
  it('accepts the shipped content/portfolio.json', () => {
    const result = parsePortfolio(portfolioContent);
    expect(result.ok).toBe(true);
  });

  it('names the field that is wrong', () => {
    const result = parsePortfolio({ ...portfolioContent, title: '' });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('title') });
  });

  it('rejects unknown fields', () => {
    const result = parsePortfolio({ ...portfolioContent, _help: 'edit me' });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('_help') });
  });

  it('rejects links that are neither a path nor an http(s) address', () => {
    const result = parsePortfolio({
      ...portfolioContent,
      links: [{ label: 'Bad', href: 'javascript:alert(1)' }],
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('links') });
  });
});

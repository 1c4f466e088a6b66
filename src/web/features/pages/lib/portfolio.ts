import { z } from 'zod';

// The deployer edits content/portfolio.json; this schema says what it may contain.

/** A path inside the shop ("/blogs") or an absolute http(s) address. */
const HrefSchema = z
  .string()
  .refine(
    (href) => (href.startsWith('/') && !href.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(href),
    'must be a path starting with "/" or an http(s) address',
  );

export const PortfolioSchema = z.strictObject({
  title: z.string().trim().min(1),
  summary: z.string().trim().min(1),
  maintainer: z.string().trim().min(1),
  technologies: z.array(z.string().trim().min(1)),
  links: z.array(z.strictObject({ label: z.string().trim().min(1), href: HrefSchema })),
});
export type Portfolio = z.infer<typeof PortfolioSchema>;

export type PortfolioResult = { ok: true; portfolio: Portfolio } | { ok: false; error: string };

export function parsePortfolio(content: unknown): PortfolioResult {
  const result = PortfolioSchema.safeParse(content);
  if (result.success) return { ok: true, portfolio: result.data };
  return { ok: false, error: z.prettifyError(result.error) };
}

export function isInternalHref(href: string): boolean {
  return href.startsWith('/');
}

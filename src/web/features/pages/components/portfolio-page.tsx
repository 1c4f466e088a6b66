import { Link } from 'react-router';
import portfolioContent from '../../../../../content/portfolio.json';
import { isInternalHref, parsePortfolio } from '../lib/portfolio.ts';

interface PortfolioPageProps {
  /** The parsed JSON; the deployed content/portfolio.json unless a test passes its own. */
  content?: unknown;
}

export function PortfolioPage({ content = portfolioContent }: PortfolioPageProps) {
  const result = parsePortfolio(content);

  if (!result.ok) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-4xl font-bold">Portfolio</h1>
        <div role="alert" className="mt-6 rounded-box border border-error bg-base-100 p-6">
          <p className="font-semibold">
            The portfolio content in content/portfolio.json is invalid.
          </p>
          <pre className="mt-3 text-sm whitespace-pre-wrap">{result.error}</pre>
        </div>
      </div>
    );
  }

  const { title, summary, maintainer, technologies, links } = result.portfolio;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="mt-4 text-lg">{summary}</p>

      <section aria-labelledby="portfolio-maintainer" className="mt-10">
        <h2 id="portfolio-maintainer" className="text-2xl font-bold">
          Maintained by
        </h2>
        <p className="mt-2">{maintainer}</p>
      </section>

      {technologies.length > 0 && (
        <section aria-labelledby="portfolio-technologies" className="mt-10">
          <h2 id="portfolio-technologies" className="text-2xl font-bold">
            Technologies
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {technologies.map((technology) => (
              <li key={technology} className="badge badge-lg badge-neutral">
                {technology}
              </li>
            ))}
          </ul>
        </section>
      )}

      {links.length > 0 && (
        <section aria-labelledby="portfolio-links" className="mt-10">
          <h2 id="portfolio-links" className="text-2xl font-bold">
            Project links
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {links.map((link) => (
              <li key={`${link.label}-${link.href}`}>
                {isInternalHref(link.href) ? (
                  <Link to={link.href} className="link">
                    {link.label}
                  </Link>
                ) : (
                  <a href={link.href} className="link" target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import type { BusinessStat } from '../../../content/site.ts';

export function BusinessSummary({ stats }: { stats: readonly BusinessStat[] }) {
  return (
    <section aria-labelledby="business-summary-heading" className="bg-base-200 px-4 py-16">
      <div className="mx-auto max-w-7xl text-center">
        <h2 id="business-summary-heading" className="text-3xl font-bold">
          Trusted by professionals worldwide
        </h2>
        <p className="mt-2">Tradespeople and makers rely on Toolhouse tools every day.</p>
        <dl className="stats stats-vertical mt-8 w-full border border-base-300 bg-base-100 shadow-sm lg:stats-horizontal">
          {stats.map((stat) => (
            <div key={stat.label} className="stat place-items-center">
              <dt className="stat-title text-base-content">{stat.label}</dt>
              <dd className="stat-value">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A dashboard screen whose issue has not landed yet: its route and guards already work. */
export function ComingSoonPanel({ title }: { title: string }) {
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="rounded-box border border-base-300 bg-base-200 px-6 py-8 text-lg">
        This screen is being built and will be available soon.
      </p>
    </section>
  );
}

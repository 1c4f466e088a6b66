import type { ReactNode } from 'react';

/** The frame of the Login, Register and Reset Password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="px-4 py-12 sm:py-16">
      <section className="card mx-auto max-w-md border border-base-300 bg-base-100 shadow-md">
        <div className="card-body gap-5">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </section>
    </div>
  );
}

/** A server or identity failure, in red under the form (spec section 5). */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="font-medium text-error">
      {message}
    </p>
  );
}

/** Good news above the form, e.g. a verified e-mail or a sent reset link. */
export function FormNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="alert alert-success">
      {message}
    </p>
  );
}

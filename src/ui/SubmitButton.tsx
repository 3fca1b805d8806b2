import type { ReactNode } from 'react';
import { useHydrated } from './useHydrated.ts';

interface Props {
  pending: boolean;
  children: ReactNode;
  /** As wide as its label from the small breakpoint up (the account page's forms). */
  fit?: boolean;
}

/** The form's submit button: disabled with a spinner while its request runs. */
export default function SubmitButton({ pending, children, fit = false }: Props) {
  // Disabled as the build renders it, until React runs: a form sent before that would go out as
  // a plain GET, with the password in the address, and the Enter key cannot send it either.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={pending || !hydrated}
      aria-busy={pending}
      className={`inline-flex h-11 w-full ${fit ? 'sm:w-auto' : ''} items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {children}
    </button>
  );
}

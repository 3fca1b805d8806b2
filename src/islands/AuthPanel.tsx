import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { AuthView } from '../stores/auth-page.ts';
import { authPage } from '../stores/auth-page-browser.ts';
import MfaChallengeForm from './MfaChallengeForm.tsx';
import NewPasswordForm from './NewPasswordForm.tsx';
import ResetForm from './ResetForm.tsx';
import SignInForm from './SignInForm.tsx';
import SignUpForm from './SignUpForm.tsx';
import { useHydrated } from '../ui/useHydrated.ts';

const tabs: { view: AuthView; label: string }[] = [
  { view: 'signin', label: 'Sign In' },
  { view: 'signup', label: 'Sign Up' },
];

/** /auth: Sign In and Sign Up tabs, and the reset, new-password and two-factor views. */
export default function AuthPanel() {
  const view = useStore(authPage.$authView);
  // The tabs the build draws do nothing until React runs: disabled until then, so a click is
  // never lost on one (the Sign In tab, drawn selected, stays so).
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const firstView = useRef(view);
  useEffect(() => {
    void authPage.initAuthPage();
  }, []);
  // When the view changes (a tab, Forgot password?, the code step), focus follows to its form.
  useEffect(() => {
    if (view === firstView.current) return;
    firstView.current = view;
    container.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [view]);

  if (view === 'loading') {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 py-16 text-zinc-600 dark:text-zinc-300"
      >
        <span
          className="size-5 animate-spin rounded-full border-2 border-zinc-300 border-t-brand-600"
          aria-hidden="true"
        />
        Loading
      </div>
    );
  }
  if (view === 'reset' || view === 'new-password' || view === 'mfa') {
    return (
      <div ref={container}>
        {view === 'reset' && <ResetForm />}
        {view === 'new-password' && <NewPasswordForm />}
        {view === 'mfa' && <MfaChallengeForm />}
      </div>
    );
  }
  return (
    <div ref={container}>
      <div
        role="tablist"
        aria-label="Account"
        className="mb-6 grid grid-cols-2 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800"
      >
        {tabs.map((tab) => (
          <button
            key={tab.view}
            type="button"
            role="tab"
            id={`tab-${tab.view}`}
            aria-selected={view === tab.view}
            aria-controls={`panel-${tab.view}`}
            disabled={!hydrated}
            onClick={() => authPage.showView(tab.view)}
            className="h-10 rounded-lg disabled:cursor-wait text-sm font-semibold text-zinc-600 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-950 dark:aria-selected:text-white"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        {view === 'signup' ? <SignUpForm /> : <SignInForm />}
      </div>
    </div>
  );
}

import { checkPassword } from '../lib/password-rules.ts';

/**
 * The sign-up password rules (src/lib/password-rules.ts) as a checklist that ticks as the member
 * types. The field names it in aria-describedby, so it is read on focus, not at every keystroke.
 */
export default function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password rules" className="grid gap-1 text-sm sm:grid-cols-2">
      {checkPassword(password).map(({ label, met }) => (
        <li
          key={label}
          data-met={met}
          className={`flex items-center gap-2 ${met ? 'text-emerald-700 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400'}`}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 shrink-0">
            {met ? (
              <path
                d="M3.5 8.5l3 3 6-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : (
              <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            )}
          </svg>
          {label}
          <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createdOnText } from '../stores/feed-address.ts';
import { feedAddressSection as feed } from '../stores/feed-address-browser.ts';
import AccountLoading from '../ui/AccountLoading.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import SectionAlert from '../ui/SectionAlert.tsx';
import { useAccountUser } from '../ui/useAccountUser.ts';

const primary =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70';
const secondary =
  'inline-flex h-11 items-center justify-center rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800';
const muted = 'text-sm text-zinc-700 dark:text-zinc-300';

/**
 * /account's private feed: the member's feed address of What's new (src/stores/feed-address.ts),
 * shown in full once, right after it is made; reset (after a confirmation) or turned off.
 */
export default function FeedSettings() {
  // As every section: the member first (null in the build's HTML and while loading), so the
  // controls stay disabled until the page knows who is signed in.
  const user = useAccountUser();
  const view = useStore(feed.$feed);
  const action = useStore(feed.$feedAction);
  const copied = useStore(feed.$copied);
  const [confirming, setConfirming] = useState(false);
  const addressField = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  // Set by the member's own click, so focus follows what replaced the button they pressed; a
  // page that merely loads never moves focus.
  const acted = useRef(false);
  const act = () => {
    acted.current = true;
  };
  useEffect(() => {
    void feed.load();
  }, []);
  // Once the request is over: until then the new controls are disabled and take no focus.
  useEffect(() => {
    if (!acted.current || action.pending) return;
    acted.current = false;
    if (view.kind === 'on' && view.address) addressField.current?.focus();
    if (view.kind === 'off') createButton.current?.focus();
  }, [view, action.pending]);
  const busy = !user || view.kind === 'loading' || action.pending;

  return (
    <>
      <div className="space-y-4" aria-busy={busy}>
        {!user && <AccountLoading what="feed" />}
        <p className={muted}>
          Follow What&apos;s new in any feed reader with a private address of your own.
        </p>
        <SectionAlert message={action.error} />
        {user && view.kind === 'loading' && (
          <p role="status" className="sr-only">
            Loading your feed…
          </p>
        )}
        {view.kind === 'failed' && (
          <>
            <p role="alert" className="text-sm text-red-800 dark:text-red-200">
              Could not load your feed. {view.message}
            </p>
            <button type="button" className={secondary} onClick={() => void feed.load()}>
              Try again
            </button>
          </>
        )}
        {(view.kind === 'off' || view.kind === 'loading') && (
          <button
            type="button"
            disabled={busy}
            aria-busy={action.pending}
            ref={createButton}
            className={`${primary} w-full sm:w-auto`}
            onClick={() => {
              act();
              void feed.create();
            }}
          >
            Create feed address
          </button>
        )}
        {view.kind === 'on' && view.address && (
          <div className="space-y-2">
            <label htmlFor="feed-address" className="block text-sm font-medium">
              Your feed address
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="feed-address"
                type="text"
                readOnly
                value={view.address}
                ref={addressField}
                aria-describedby="feed-address-note"
                spellCheck={false}
                onFocus={(event) => event.currentTarget.select()}
                className="h-11 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-950"
              />
              <button type="button" className={secondary} onClick={() => void feed.copy()}>
                {copied ? 'Copied' : 'Copy'}
              </button>
            </div>
            <p id="feed-address-note" className={muted}>
              This address is shown only this once. It works without signing in, so keep it private.
            </p>
            <span role="status" className="sr-only">
              {copied ? 'The feed address is on your clipboard.' : ''}
            </span>
          </div>
        )}
        {view.kind === 'on' && (
          <>
            <p className={muted}>
              Your feed address was created on {createdOnText(view.createdAt)}.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                disabled={busy}
                className={secondary}
                onClick={() => setConfirming(true)}
              >
                Reset address
              </button>
              <button
                type="button"
                disabled={busy}
                aria-busy={action.pending}
                className={secondary}
                onClick={() => {
                  act();
                  void feed.turnOff();
                }}
              >
                Turn off
              </button>
            </div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reset your feed address?"
        onClose={() => setConfirming(false)}
      >
        <p className={muted}>
          The old address stops working at once: feed readers that use it get nothing more until you
          give them the new one.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondary} onClick={() => setConfirming(false)}>
            Keep the old address
          </button>
          <button
            type="button"
            disabled={action.pending}
            aria-busy={action.pending}
            className={primary}
            onClick={() => {
              // Closed first, so focus goes back to the section, then on to the new address.
              setConfirming(false);
              act();
              void feed.create();
            }}
          >
            Make a new address
          </button>
        </div>
      </ConfirmDialog>
    </>
  );
}

import type { GoTrueClient, User } from '@supabase/auth-js';
import { atom, type WritableAtom } from 'nanostores';
import {
  ACCOUNT_FIELD_MESSAGES,
  accountErrorMessage,
  linksResentMessage,
  OTHER_DEVICES_SIGNED_OUT,
  PASSWORD_CHANGED,
  PROFILE_SAVED,
} from '../lib/auth-messages.ts';
import type { FieldErrors } from '../schemas/auth-forms.ts';
import { IDLE, runAction, type ActionState, type Outcome } from './action.ts';
import { showToast } from './toasts.ts';

/*
 * /account's actions: profile, password, e-mail and other sessions (deletion: account-deletion.ts), each with its own
 * state so that one section's request never disables or clears another's. A failure leaves the
 * form as the member typed it and says what happened in words (src/lib/auth-messages.ts).
 */

/** One section's state. */
export type SectionState = ActionState;

/** Where the server sends the e-mail-change links: back here, marked so the page can say so. */
export const EMAIL_CHANGE_RETURN = 'email-change';

/**
 * What /account's sections take from the browser, passed in so unit tests run them with a fake
 * client (src/stores/account-settings-browser.ts wires the page).
 */
export interface AccountSettingsWorld {
  /** The auth client's calls the sections make (src/lib/auth-client.ts). */
  client: Pick<
    GoTrueClient,
    'getUser' | 'updateUser' | 'reauthenticate' | 'resend' | 'signOut' | 'getSession'
  >;
  /** The page's address: the e-mail-change links' mark, and the origin they come back to. */
  url(): URL;
  /** Rewrites the address without a navigation (takes the mark out of the address bar). */
  replaceUrl(path: string): void;
}

/** What a failed request looks like, from auth-js or from a function's JSON answer. */
type Failure = { name?: string; status?: number; code?: string; message?: string };

/** Field errors as a task's outcome (for src/stores/account-deletion.ts too). */
export const invalid = (fieldErrors: FieldErrors): Outcome => ({ fieldErrors });

/** A failed request as a task's outcome, in words (src/lib/auth-messages.ts). */
export const failed = (failure: Failure): Outcome => ({ error: accountErrorMessage(failure) });

/**
 * Runs one request of a section (runAction): what it throws (fetch's TypeError when offline)
 * becomes the section's message too. True when it worked.
 */
export const sectionAction = ($state: WritableAtom<SectionState>, task: () => Promise<Outcome>) =>
  runAction($state, task, (error) => {
    console.error('Account action failed', error);
    return accountErrorMessage(error instanceof Error ? error : { message: String(error) });
  });

/**
 * The forms' rules (zod) load when a form is first sent, not with the page: /account has six
 * sections and a byte budget (scripts/bench/lib/budgets.ts).
 */
const rules = () => import('../schemas/auth-forms.ts');

/** /account's section stores and actions bound to one world. */
export function createAccountSettings(world: AccountSettingsWorld) {
  const { client } = world;
  const section = () => atom<SectionState>(IDLE);
  const $profileState = section();
  const $passwordState = section();
  const $emailState = section();
  const $sessionsState = section();

  /** The member as the server last described them (fresh from GET /user), once loaded. */
  const $accountUser = atom<User | null>(null);
  /** True when the member could not be loaded (offline, or the server is down). */
  const $accountLoadFailed = atom(false);
  /** 'code' once the server asked for the code mailed by reauthenticate(). */
  const $passwordStep = atom<'form' | 'code'>('form');

  /**
   * What the e-mail-change links brought back: GoTrue's message after the first of two links
   * (secure e-mail change), or this page's mark after the change completed (the new session in
   * the URL was taken by the auth client, src/lib/auth-client.ts).
   */
  const $emailChangeReturn = atom<{ completed: boolean; message: string | null }>({
    completed: false,
    message: null,
  });

  /** Reads the mark and message once, then takes them out of the address bar. */
  function readEmailChangeReturn(): void {
    const url = world.url();
    const message = new URLSearchParams(url.hash.slice(1)).get('message');
    const returned = url.searchParams.has(EMAIL_CHANGE_RETURN);
    if (!returned && !message) return;
    world.replaceUrl(url.pathname);
    $emailChangeReturn.set({ completed: returned && !message, message });
  }

  let loading: Promise<void> | undefined;

  /**
   * Loads the member from the server once per page (each section asks as it shows, through
   * src/ui/useAccountUser.ts; one request answers). Not from onMount: the build renders the
   * sections too, and a store's get() there would mount it and load in Node.
   */
  function loadAccountUser(): Promise<void> {
    // getUser() waits for the client to take a session from the URL before the URL is tidied.
    loading ??= client.getUser().then(({ data, error }) => {
      readEmailChangeReturn();
      if (error) console.error('Could not load the account', error);
      if (data.user) $accountUser.set(data.user);
      else $accountLoadFailed.set(true);
    });
    return loading;
  }

  const returnAddress = () => `${world.url().origin}/account?${EMAIL_CHANGE_RETURN}`;

  /** Saves the display name and newsletter choice; the header follows in every tab. */
  function saveProfile(values: {
    displayName: string;
    newsletterSubscription: boolean;
  }): Promise<boolean> {
    return sectionAction($profileState, async () => {
      const { validateForm, profileSchema } = await rules();
      const result = validateForm(profileSchema, values);
      if (!result.ok) return invalid(result.errors);
      const { data, error } = await client.updateUser({
        data: {
          display_name: result.data.displayName,
          newsletter_subscription: result.data.newsletterSubscription,
        },
      });
      if (error) return failed(error);
      $accountUser.set(data.user);
      showToast(PROFILE_SAVED);
      return null;
    });
  }

  let pendingPassword: { currentPassword: string; password: string } | null = null;

  /**
   * Changes the password with the current one, which GoTrue checks where it requires it (a hosted
   * project's "require current password" setting; docs/account.md). Where "secure password change"
   * asks for a code, it is mailed and the form asks for it; the passwords wait here meanwhile.
   */
  function changePassword(values: {
    currentPassword: string;
    password: string;
    code?: string;
  }): Promise<boolean> {
    return sectionAction($passwordState, async () => {
      let nonce: string | undefined;
      if ($passwordStep.get() === 'code' && pendingPassword) {
        nonce = (values.code ?? '').replace(/\s/g, '');
        if (!/^\d{6}$/.test(nonce)) {
          return invalid({ code: ACCOUNT_FIELD_MESSAGES.code });
        }
        values = { ...pendingPassword, code: nonce };
      }
      const { validateForm, changePasswordSchema } = await rules();
      const result = validateForm(changePasswordSchema, values);
      if (!result.ok) return invalid(result.errors);
      const { currentPassword, password } = result.data;
      const { error } = await client.updateUser({
        password,
        // GoTrue's UserUpdateParams (gotrue-api.md, PUT /user); auth-js sends what it is given.
        current_password: currentPassword,
        ...(nonce ? { nonce } : {}),
      });
      if (error?.code === 'reauthentication_needed') {
        const sent = await client.reauthenticate();
        if (sent.error) return failed(sent.error);
        pendingPassword = { currentPassword, password };
        $passwordStep.set('code');
        return null;
      }
      if (error) {
        // GoTrue spends the code before it checks the current password: a wrong one means
        // typing both passwords again, and a new code.
        if (error.code === 'current_password_invalid') cancelPasswordCode();
        return failed(error);
      }
      pendingPassword = null;
      $passwordStep.set('form');
      showToast(PASSWORD_CHANGED);
      return null;
    });
  }

  /** Leaves the code step: the passwords are typed again. */
  function cancelPasswordCode(): void {
    pendingPassword = null;
    $passwordStep.set('form');
    $passwordState.set(IDLE);
  }

  /**
   * Asks for the change: GoTrue mails a link to the new address and, with secure e-mail change (on
   * by default), one to the current address too; the address changes once both are followed.
   */
  function changeEmail(values: { email: string }): Promise<boolean> {
    return sectionAction($emailState, async () => {
      const { validateForm, changeEmailSchema } = await rules();
      const result = validateForm(changeEmailSchema, values);
      if (!result.ok) return invalid(result.errors);
      const current = $accountUser.get()?.email?.toLowerCase();
      if (result.data.email === current) {
        return invalid({ email: ACCOUNT_FIELD_MESSAGES.sameEmail });
      }
      const { data, error } = await client.updateUser(
        { email: result.data.email },
        { emailRedirectTo: returnAddress() },
      );
      if (error) return failed(error);
      $accountUser.set(data.user);
      return null;
    });
  }

  /** Sends the pending change's links again. */
  function resendEmailChange(): Promise<boolean> {
    return sectionAction($emailState, async () => {
      const email = $accountUser.get()?.new_email;
      if (!email) return null;
      const { error } = await client.resend({
        type: 'email_change',
        email,
        options: { emailRedirectTo: returnAddress() },
      });
      if (error) return failed(error);
      showToast(linksResentMessage(email));
      return null;
    });
  }

  /** Ends every session of the member but this one. */
  function signOutOtherDevices(): Promise<boolean> {
    return sectionAction($sessionsState, async () => {
      const { error } = await client.signOut({ scope: 'others' });
      if (error) return failed(error);
      showToast(OTHER_DEVICES_SIGNED_OUT);
      return null;
    });
  }

  return {
    $profileState,
    $passwordState,
    $emailState,
    $sessionsState,
    $accountUser,
    $accountLoadFailed,
    $passwordStep,
    $emailChangeReturn,
    loadAccountUser,
    saveProfile,
    changePassword,
    cancelPasswordCode,
    changeEmail,
    resendEmailChange,
    signOutOtherDevices,
  };
}

/** /account's section stores and actions. */
export type AccountSettings = ReturnType<typeof createAccountSettings>;

/** The auth client's calls /account's sections make. */
export type AccountSettingsClient = AccountSettingsWorld['client'];

import { authClient } from '../lib/auth-client.ts';
import { createAccount } from './account.ts';

/** /account's two-factor section in the browser: the one auth client. */
export const account = createAccount({ client: authClient });

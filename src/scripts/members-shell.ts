import { $displayName, clearStoredAuth, setSession } from '../stores/auth.ts';
import { wireMenus } from './menus.ts';

/** Loaded only for members: dropdown menus, the user's name and sign-out. */
wireMenus();

$displayName.subscribe((name) => {
  document.querySelectorAll('[data-user-name]').forEach((element) => {
    element.textContent = name;
  });
  document.querySelectorAll('[data-user-initial]').forEach((element) => {
    element.textContent = name.charAt(0);
  });
});

document.querySelectorAll('[data-sign-out]').forEach((button) => {
  button.addEventListener('click', () => {
    clearStoredAuth(localStorage);
    setSession(null);
    location.assign('/');
  });
});

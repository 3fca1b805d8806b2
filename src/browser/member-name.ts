import { cssString } from '../lib/css-string.ts';

/**
 * Custom properties on <html> that the header's user menu shows while its name and initial are
 * empty (src/styles/global.css): the head script sets them from the stored session before the
 * first paint (src/members/inline/head.ts), so the menu never shows a stand-in that the name then
 * replaces, moving the header.
 */
const MEMBER_NAME_PROPERTY = '--member-name';
const MEMBER_INITIAL_PROPERTY = '--member-initial';

/** The member's name (src/lib/display-name.ts) and its initial, for the header's first paint. */
export function nameBeforePaint(name: string, root: HTMLElement = document.documentElement): void {
  root.style.setProperty(MEMBER_NAME_PROPERTY, cssString(name));
  root.style.setProperty(MEMBER_INITIAL_PROPERTY, cssString(name.charAt(0)));
}

/**
 * Puts the member's name (src/lib/display-name.ts) and its initial into the header's user menu,
 * from the shell (src/browser/shell.ts), which keeps it current; until the shell runs the menu
 * shows what nameBeforePaint set.
 */
export function showMemberName(name: string): void {
  document.querySelectorAll('[data-user-name]').forEach((element) => {
    element.textContent = name;
  });
  document.querySelectorAll('[data-user-initial]').forEach((element) => {
    element.textContent = name.charAt(0);
  });
}

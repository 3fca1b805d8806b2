/**
 * Puts the member's name (src/lib/display-name.ts) and its initial into the header's user menu.
 * The opener of a sealed page does it as the content opens (src/members/inline/opener.ts), so the
 * menu never shows the markup's 'User' beside a member's content; the shell keeps it current
 * after (src/browser/shell.ts).
 */
export function showMemberName(name: string): void {
  document.querySelectorAll('[data-user-name]').forEach((element) => {
    element.textContent = name;
  });
  document.querySelectorAll('[data-user-initial]').forEach((element) => {
    element.textContent = name.charAt(0);
  });
}

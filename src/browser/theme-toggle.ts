import { otherTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from '../lib/theme.ts';

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The 'Toggle theme' button (src/components/ThemeToggle.astro); until the visitor chooses, the
 * page follows the system setting.
 */
class ThemeToggle extends HTMLElement {
  #listening: AbortController | undefined;

  connectedCallback(): void {
    this.#listening = new AbortController();
    matchMedia('(prefers-color-scheme: light)').addEventListener(
      'change',
      (event) => applyTheme(resolveTheme(storedTheme(), event.matches)),
      { signal: this.#listening.signal },
    );
    const button = this.querySelector('button');
    if (!button) return;
    button.onclick = () => {
      const next = otherTheme(
        document.documentElement.classList.contains('dark') ? 'dark' : 'light',
      );
      applyTheme(next);
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch (error) {
        console.error('Could not save the theme choice', error);
      }
    };
    // Rendered disabled: a click before this ran was lost.
    button.disabled = false;
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
  }
}

customElements.define('theme-toggle', ThemeToggle);

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

/** Wires every 'Toggle theme' button and follows the system setting until the visitor chooses. */
export function wireThemeToggle(): void {
  const systemLight = matchMedia('(prefers-color-scheme: light)');
  systemLight.addEventListener('change', () =>
    applyTheme(resolveTheme(storedTheme(), systemLight.matches)),
  );
  document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]').forEach((button) => {
    button.addEventListener('click', () => {
      const next = otherTheme(
        document.documentElement.classList.contains('dark') ? 'dark' : 'light',
      );
      applyTheme(next);
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch (error) {
        console.error('Could not save the theme choice', error);
      }
    });
    // Rendered disabled (ThemeToggle.astro): a click before this ran was lost.
    button.disabled = false;
  });
}

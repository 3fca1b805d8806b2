/** A colour theme of the site. */
export type Theme = 'light' | 'dark';

/** localStorage key holding the member's explicit theme choice ('light' or 'dark'). */
export const THEME_STORAGE_KEY = 'theme';

/** Coerces a stored value to a theme, or null when there is no valid explicit choice. */
export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The theme to show: an explicit choice wins; otherwise the system setting, dark by default. */
export function resolveTheme(stored: unknown, systemPrefersLight: boolean): Theme {
  return parseTheme(stored) ?? (systemPrefersLight ? 'light' : 'dark');
}

/** The other theme, for the toggle button. */
export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

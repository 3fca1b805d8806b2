import { expect, type Page } from '@playwright/test';

/** /auth as a person uses it: tabs, labelled fields, buttons and toasts. */
export class AuthPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`/auth${query}`);
    await expect(this.page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  }

  async signUp(displayName: string, email: string, password: string): Promise<void> {
    // The tabs are disabled until the form's island has hydrated (src/islands/AuthPanel.tsx):
    // the click waits for that, as a person's pointer finds it enabled.
    const tab = this.page.getByRole('tab', { name: 'Sign Up' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await this.page.getByLabel('Display name').fill(displayName);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  }

  /**
   * Signs out from the user menu and waits for the browser to land home: the header flips to
   * signed-out before the navigation to / completes, so a test must not race it.
   */
  async signOut(userName: string): Promise<void> {
    await this.page.getByRole('button', { name: userName }).click();
    const landed = this.page.waitForEvent('load');
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await landed;
  }

  /** The toast with this title (status or alert). */
  toast(title: string) {
    return this.page
      .getByRole('region', { name: 'Notifications' })
      .locator('[role=status], [role=alert]')
      .filter({ hasText: title });
  }
}
